// Asked before a message is deleted (#27): what goes (it, everything after it on every branch,
// and the whispers kept from those answers), and a way back.
import { Button, Dialog, Text } from "@chakra-ui/react";
import { DialogFrame } from "./DialogFrame";
import { VeilButton } from "./Buttons";

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onConfirm: () => void; what: string };

export function DeleteMessageDialog({ open, onOpenChange, onConfirm, what }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} role="alertdialog" placement="center" size={{ base: "xs", md: "sm" }}>
      <DialogFrame closable={false}>
        <Dialog.Header>
          <Dialog.Title fontFamily="heading">Delete from the thread?</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Text>
            {what} and every message after it will be deleted, on every branch below it, with the whispers kept from those answers. This cannot be undone.
          </Text>
        </Dialog.Body>
        <Dialog.Footer gap={3}>
          <Dialog.ActionTrigger asChild>
            <VeilButton size="sm">Keep them</VeilButton>
          </Dialog.ActionTrigger>
          <Button
            size="sm"
            colorPalette="red"
            onClick={() => {
              onOpenChange(false);
              onConfirm();
            }}
          >
            Delete
          </Button>
        </Dialog.Footer>
      </DialogFrame>
    </Dialog.Root>
  );
}
