// An unbounded queue read with for-await: producers push from callbacks (tokens, bus messages),
// one consumer (a subscription) pulls at its own pace. Nothing pushed is ever dropped.
export type AsyncQueue<T> = AsyncIterable<T> & { push(item: T): void; close(): void };

export function asyncQueue<T>(): AsyncQueue<T> {
  let items: T[] = [];
  let closed = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  return {
    push(item) {
      if (closed) return;
      items.push(item);
      notify();
    },
    close() {
      closed = true;
      notify();
    },
    async *[Symbol.asyncIterator]() {
      for (;;) {
        if (items.length > 0) {
          const batch = items;
          items = [];
          yield* batch;
          continue;
        }
        if (closed) return;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}
