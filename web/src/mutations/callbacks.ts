// Mutation callbacks as the screens want them: a payload on success, one Error otherwise,
// whether the failure came from the network or as GraphQL errors beside partial data.
import type { PayloadError } from "relay-runtime";

export type Callbacks<T> = { onCompleted: (result: T) => void; onError: (error: Error) => void };

export function rejectErrors<D, T>(callbacks: Callbacks<T>, pick: (data: D) => T) {
  return {
    onCompleted: (data: D, errors: readonly PayloadError[] | null | undefined) => {
      if (errors?.length) callbacks.onError(Object.assign(new Error(errors[0]!.message), { source: { errors } }));
      else callbacks.onCompleted(pick(data));
    },
    onError: callbacks.onError,
  };
}
