/**
 * Runs `work` for each item, at most `limit` at once, starting them in order. After a failure no new
 * item starts; the first error is thrown once the running ones have ended, so none is cut off midway
 * (by the pool closing, say).
 */
export async function forEachConcurrently<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (next < items.length && !failed) {
      const index = next;
      next += 1;
      try {
        await work(items[index]);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, lane));
  const failure = lanes.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}
