// The app's toasts: `notify` from anywhere, <Toaster /> mounted once per page frame. The toast
// machinery (./ToasterView) loads with the first toast, so pages that never show one never
// download it; a toast created while it loads appears as soon as it has.
import { Suspense, lazy, useSyncExternalStore } from "react";

export type ToastKind = "success" | "error" | "info";

const loadView = () => import("./ToasterView");
const ToasterView = lazy(loadView);

let wanted = false;
const listeners = new Set<() => void>();

/** A link a toast offers: where to go about what it says (a spent quota: how to earn more). */
export type ToastLink = { label: string; to: string };

/** Shows a toast; `error` is the spec's "destructive" toast. */
export function notify(kind: ToastKind, title: string, description?: string, link?: ToastLink) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  // A new toast replaces the one showing: with max 1, a queued toast would otherwise wait for
  // the previous one's 1,000,000 ms removeDelay to end before it could appear.
  void loadView().then(({ toaster }) => {
    toaster.remove();
    toaster.create({ type: kind, title, description, closable: true, meta: link ? { link } : undefined });
  });
}

/** Takes the toast showing away: a dialog that answers the same act makes it stale. */
export function dismissToasts() {
  if (wanted) void loadView().then(({ toaster }) => toaster.remove());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function Toaster() {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return show ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
