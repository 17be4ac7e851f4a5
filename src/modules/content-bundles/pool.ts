// Runs `work` over the items, a few at a time: file checks and fsyncs overlap, the server keeps
// answering. Every worker stops at the first failure, and all are awaited before it is thrown, so
// the caller's clean-up sees everything that was done.
export async function eachConcurrently<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  let failure: { error: unknown } | null = null;
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
    for (let item = queue.shift(); item !== undefined && failure === null; item = queue.shift()) {
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  }));
  if (failure) throw (failure as { error: unknown }).error;
}
