export declare const NATIVE_EXTERNALS: string[];
export declare function buildServer(options?: { outfile?: string; quiet?: boolean }): Promise<string>;
export declare const assetDirnamePlugin: import('esbuild').Plugin;
export declare function copyPackageAssets(outDir: string): void;
