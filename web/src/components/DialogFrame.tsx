// The frame every dialog wears: portalled over the dimmed, blurred sky, a raised panel with a
// glowing edge and, unless the dialog asks something that must be answered with its own
// buttons, a close button in its corner. Dialog.Root (open state, trigger, role) stays the caller's.
import { CloseButton, Dialog, Portal, useRecipe } from "@chakra-ui/react";

type Props = Dialog.ContentProps & { glow?: "violet" | "cyan"; closable?: boolean };

export function DialogFrame({ children, glow = "violet", closable = true, ...content }: Props) {
  // The overlay recipe (theme/recipes.ts) over the dialog recipe's content, as `css`: the caller's props still win.
  const overlay = useRecipe({ key: "overlay" });
  return (
    <Portal>
      <Dialog.Backdrop bg="void.950/80" backdropFilter="blur(4px)" />
      <Dialog.Positioner>
        <Dialog.Content css={overlay({ glow })} color="fg" {...content}>
          {children}
          {closable && (
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" color="fg.muted" />
            </Dialog.CloseTrigger>
          )}
        </Dialog.Content>
      </Dialog.Positioner>
    </Portal>
  );
}
