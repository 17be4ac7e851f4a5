export declare const NATIVE_EXTERNALS: string[];
export declare function buildServer(options?: { outfile?: string; quiet?: boolean }): Promise<string>;
