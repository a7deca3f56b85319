export declare const BUDGET_BYTES: number;
export declare const ASSETS: string;
export interface BuildResult {
  outdir: string;
  /** index.html first, then the hashed assets (paths relative to outdir: assets/app-<hash>.js ...). */
  /** Each is also written as `<name>.gz` and `<name>.br` beside itself; gzip and brotli are their sizes. */
  files: { name: string; bytes: number; gzip: number; brotli: number }[];
  totalGzip: number;
  totalBrotli: number;
}
export declare function buildWeb(options?: { outdir?: string; registry?: string; minify?: boolean }): Promise<BuildResult>;
export declare function formatSizes(result: BuildResult): string;
