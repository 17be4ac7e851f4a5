// postject (Node's tool to inject the single-executable blob) ships no types: the one call used.
declare module 'postject' {
  export function inject(executable: string, resourceName: string, resourceData: Buffer, options: { sentinelFuse: string; machoSegmentName?: string; overwrite?: boolean }): Promise<void>;
}
