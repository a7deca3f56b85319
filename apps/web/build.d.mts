export declare const BUDGET_BYTES: number;
export declare const ASSETS: string;
export interface BuildResult {
  outdir: string;
  /** index.html first, then the hashed assets (paths relative to outdir: assets/app-<hash>.js ...). */
  files: { name: string; bytes: number; gzip: number }[];
  totalGzip: number;
}
export declare function buildWeb(options?: { outdir?: string; registry?: string; minify?: boolean }): Promise<BuildResult>;
export declare function formatSizes(result: BuildResult): string;
