// The toasts themselves (spec section 9): one visible at a time, at most 420 px wide from medium
// screens up; a dismissed toast lingers (removeDelay) as the spec's 1,000,000 ms says.
// Loaded by ./Toaster.tsx with the first toast.
import { Toaster as ChakraToaster, Link, Portal, Stack, Toast, createToaster, useRecipe } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import type { ToastLink } from "./Toaster";

export const toaster = createToaster({
  placement: "bottom-end",
  max: 1,
  removeDelay: 1_000_000,
  pauseOnPageIdle: true,
  // Above a bar fixed to the bottom of the screen (the landing's terminal sets --nm-bottom-bar
  // to its height while it is there), never over it.
  offsets: { top: "1rem", right: "1rem", bottom: "calc(1rem + var(--nm-bottom-bar, 0px))", left: "1rem" },
});

function toastLink(meta: Record<string, unknown> | undefined): ToastLink | null {
  const link = meta?.link as ToastLink | undefined;
  return link && typeof link.to === "string" ? link : null;
}

export default function ToasterView() {
  // The overlay recipe (theme/recipes.ts) over the toast recipe's root, as DialogFrame wears it.
  const overlay = useRecipe({ key: "overlay" });
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          // The toast recipe paints each type its own ground ([data-type=error] red...), over what
          // `css` sets: the overlay's ground again as a prop keeps every toast raised and dark.
          <Toast.Root
            width={{ md: "sm" }}
            maxW={{ md: "420px" }}
            css={overlay({ glow: toast.type === "error" ? "danger" : "cyan" })}
            bg="surface.raised"
            color="fg"
          >
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title textStyle="toastTitle">{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description color="fg.muted">{toast.description}</Toast.Description>}
              {toastLink(toast.meta) && (
                <Link asChild color="accent" textStyle="terminalBody" fontSize="sm" alignSelf="flex-start">
                  <RouterLink to={toastLink(toast.meta)!.to}>{toastLink(toast.meta)!.label} →</RouterLink>
                </Link>
              )}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label="Dismiss" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
