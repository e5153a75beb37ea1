// "Manage personas…" from the whisper box's "Speaking as": the same panel as Settings → Personas,
// in a dialog, so a visitor (who has no Settings) keeps their personas too.
import { Dialog } from "@chakra-ui/react";
import { DialogFrame } from "../DialogFrame";
import { PersonasPanel } from "./PersonasPanel";

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export function PersonasDialog({ open, onOpenChange }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} size={{ base: "full", md: "lg" }} placement="center">
      {/* "full" on a phone only: from md the dialog keeps its own height, margins and corners. */}
      <DialogFrame minH={{ base: "100dvh", md: "auto" }} my={{ base: 0, md: 16 }} borderRadius={{ base: 0, md: "xl" }}>
        <Dialog.Header>
          <Dialog.Title fontFamily="heading" fontSize="2xl">
            Your personas
          </Dialog.Title>
        </Dialog.Header>
        <Dialog.Body pb={6}>{open && <PersonasPanel />}</Dialog.Body>
      </DialogFrame>
    </Dialog.Root>
  );
}
