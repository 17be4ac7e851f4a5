export declare function newestMtime(paths: string[]): number;
export declare function isStale(output: string, sources: string[]): boolean;
