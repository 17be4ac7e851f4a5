export declare function newestMtime(paths: string[]): number;
export declare function isStale(output: string, sources: string[]): boolean;
export declare function environmentToRestartWith(env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform, canReplace?: boolean): NodeJS.ProcessEnv | null;
