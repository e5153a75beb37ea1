// The stream a subscription that does its work answers (an agent's reply, an awakening): the
// first event is pulled at once rather than when the client first pulls, so the work starts now
// and a refusal is known before the subscription is answered (`started` settles when the work is
// past its checks). Its return() reaches the repeater at once, even while a next() waits for the
// next event (an async generator would queue it behind that wait, and a slow seat would speak on
// to no one).
import type { Repeater } from "graphql-yoga";

export async function startedStream<T>(events: Repeater<T>, started: Promise<unknown>): Promise<AsyncIterableIterator<T>> {
  const first = events.next();
  await Promise.race([started, first]);
  let head: Promise<IteratorResult<T>> | undefined = first;
  const stream: AsyncIterableIterator<T> = {
    [Symbol.asyncIterator]: () => stream,
    next: () => {
      const next = head ?? events.next();
      head = undefined;
      return next;
    },
    return: () => events.return(),
  };
  return stream;
}
