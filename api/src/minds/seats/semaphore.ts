// At most `limit` calls in flight; the others wait in order. A waiter whose signal aborts
// leaves the queue without taking a slot.
export type Release = () => void;

export class Semaphore {
  #free: number;
  readonly #waiting: { grant: (release: Release) => void }[] = [];

  constructor(limit: number) {
    this.#free = limit;
  }

  acquire(signal?: AbortSignal): Promise<Release> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.#free > 0) {
      this.#free--;
      return Promise.resolve(this.#releaser());
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        grant: (release: Release) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(release);
        },
      };
      const onAbort = () => {
        this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
        reject(signal!.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiting.push(waiter);
    });
  }

  /** Calls waiting for a slot. */
  get waiting(): number {
    return this.#waiting.length;
  }

  #releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next) next.grant(this.#releaser());
      else this.#free++;
    };
  }
}
