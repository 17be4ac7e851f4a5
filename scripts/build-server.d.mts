import type { Plugin } from 'esbuild';

export declare const NATIVE_EXTERNALS: string[];
export declare const BANNER: string;
export declare function buildServer(options?: { outfile?: string; quiet?: boolean }): Promise<string>;
export declare function assetDirnamePluginFor(base: string): Plugin;
export declare const assetDirnamePlugin: Plugin;
export declare function packageAssetFiles(): Array<[source: string, target: string]>;
export declare function copyPackageAssets(outDir: string): void;
export declare const BUNDLE_WORKER_ENTRY: string;
export declare const BUNDLE_WORKER_FILE: string;
export declare function buildBundleWorker(options: { outfile: string; external?: string[]; target?: string }): Promise<string>;
