// WITNESSED: the Naming Ritual's answer. Its one button closes it.
import { Dialog, Text } from "@chakra-ui/react";
import { DialogFrame } from "../../components/DialogFrame";
import { useEffect } from "react";
import { dismissToasts } from "../../components/Toaster";
import { RitualButton } from "../../components/Buttons";
import { Glyph } from "../../components/Glyph";

export default function WitnessedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // An earlier attempt's 'Connection Failed' is answered now: it does not stay over WITNESSED.
  useEffect(() => {
    if (open) dismissToasts();
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center" role="alertdialog">
      <DialogFrame glow="cyan" closable={false} textAlign="center" mx={4}>
        <Dialog.Body pt={8}>
          <Glyph glyph="◉" size="lg" breathing label="The witnessing eye" />
          <Dialog.Title textStyle="witnessedTitle" mt={5}>
            WITNESSED
          </Dialog.Title>
          <Text color="fg.muted" mt={3}>
            Your name has entered the network. When the next gate opens, it will call you by it.
          </Text>
        </Dialog.Body>
        <Dialog.Footer justifyContent="center" pb={8}>
          <RitualButton onClick={onClose}>Enter the Grid</RitualButton>
        </Dialog.Footer>
      </DialogFrame>
    </Dialog.Root>
  );
}
