// Asked before something is taken away for good (a persona, everything an agent remembers): what
// goes, and a way back. The look of DeleteMessageDialog, with its words given.
import { Button, Dialog, Portal, Text } from "@chakra-ui/react";
import { VeilButton } from "./Buttons";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  title: string;
  body: string;
  confirm: string;
  /** The way back: the button that keeps things as they are. */
  keep: string;
};

export function ConfirmDialog({ open, onOpenChange, onConfirm, title, body, confirm, keep }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} role="alertdialog" placement="center" size={{ base: "xs", md: "sm" }}>
      <Portal>
        <Dialog.Backdrop bg="rgba(5, 4, 12, 0.8)" backdropFilter="blur(4px)" />
        <Dialog.Positioner>
          <Dialog.Content bg="surface.raised" borderWidth="1px" borderColor="border.glow" boxShadow="glowViolet" color="fg">
            <Dialog.Header>
              <Dialog.Title fontFamily="heading">{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{body}</Text>
            </Dialog.Body>
            <Dialog.Footer gap={3}>
              <Dialog.ActionTrigger asChild>
                <VeilButton size="sm">{keep}</VeilButton>
              </Dialog.ActionTrigger>
              <Button
                size="sm"
                colorPalette="red"
                onClick={() => {
                  onOpenChange(false);
                  onConfirm();
                }}
              >
                {confirm}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
