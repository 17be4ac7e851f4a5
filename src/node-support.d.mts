export declare const SUPPORTED_NODE: string;
export declare function unsupportedNodeMessage(version?: string): string | null;
export declare function exitUnlessSupportedNode(): void;
