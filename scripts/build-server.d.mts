import type { Plugin } from 'esbuild';

export declare const NATIVE_EXTERNALS: string[];
export declare function buildServer(options?: { outfile?: string; quiet?: boolean }): Promise<string>;
export declare const assetDirnamePlugin: Plugin;
export declare function copyPackageAssets(outDir: string): void;
