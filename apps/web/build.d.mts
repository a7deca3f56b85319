export declare const BUDGET_BYTES: number;
export declare const PAGE_FILES: string[];
export interface BuildResult {
  outdir: string;
  files: { name: string; bytes: number; gzip: number }[];
  totalGzip: number;
}
export declare function buildWeb(options?: { outdir?: string; registry?: string; minify?: boolean }): Promise<BuildResult>;
export declare function formatSizes(result: BuildResult): string;
