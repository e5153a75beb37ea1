// One act of the console, from the button to the toast: the confirm dialog's state, the
// mutation, and the spec-style toasts (a title, and the ritual log's words as the description).
import { useState } from "react";
import { notify } from "../../components/Toaster";
import { errorMessage } from "../../relay/errors";
import type { PendingAct } from "./ConfirmAct";

export type Ask = (act: Omit<PendingAct, "run">, run: (done: () => void) => void) => void;

export function useConfirmedActs() {
  const [pending, setPending] = useState<PendingAct | null>(null);
  const [busy, setBusy] = useState(false);
  const ask: Ask = (act, run) =>
    setPending({
      ...act,
      run: () => {
        setBusy(true);
        run(() => {
          setBusy(false);
          setPending(null);
        });
      },
    });
  return { pending, busy, ask, close: () => !busy && setPending(null) };
}

/** The callbacks every act reports through: success toast with the log's words, or the failure's. */
export function reportTo(done: () => void, success: string, failure: string) {
  return {
    onCompleted: (result: { ritualLog: { description: string } }) => {
      done();
      notify("success", success, result.ritualLog.description);
    },
    onError: (error: Error) => {
      done();
      notify("error", failure, errorMessage(error, "The network could not be reached"));
    },
  };
}
