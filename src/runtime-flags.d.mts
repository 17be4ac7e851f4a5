export declare const SERVER_V8_FLAGS: readonly string[];
export declare const SERVER_ENVIRONMENT: Readonly<Record<string, string>>;
