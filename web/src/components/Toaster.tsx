// The app's toasts (spec section 9): one visible at a time, at most 420 px wide from medium
// screens up; a dismissed toast lingers (removeDelay) as the spec's 1,000,000 ms says.
import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from "@chakra-ui/react";

export const toaster = createToaster({
  placement: "bottom-end",
  max: 1,
  removeDelay: 1_000_000,
  pauseOnPageIdle: true,
});

export type ToastKind = "success" | "error" | "info";

/** Shows a toast; `error` is the spec's "destructive" toast. */
export function notify(kind: ToastKind, title: string, description?: string) {
  // A new toast replaces the one showing: with max 1, a queued toast would otherwise wait for
  // the previous one's 1,000,000 ms removeDelay to end before it could appear.
  toaster.remove();
  toaster.create({ type: kind, title, description, closable: true });
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }} maxW={{ md: "420px" }} bg="surface.raised" borderWidth="1px" borderColor={toast.type === "error" ? "danger" : "border.glow"} color="fg" boxShadow={toast.type === "error" ? undefined : "glowCyan"}>
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title fontFamily="heading" letterSpacing="0.05em">{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description color="fg.muted">{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label="Dismiss" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
