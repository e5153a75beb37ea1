// Every curator's act is asked for twice: the button opens this dialog, which names what will
// happen; only its confirm button acts.
import { Dialog, Text } from "@chakra-ui/react";
import { DialogFrame } from "../../components/DialogFrame";
import { RitualButton, VeilButton } from "../../components/Buttons";

export type PendingAct = { title: string; body: string; confirm: string; run: () => void };

type Props = { act: PendingAct | null; busy: boolean; onClose: () => void };

export function ConfirmAct({ act, busy, onClose }: Props) {
  return (
    <Dialog.Root open={act !== null} onOpenChange={(details) => !details.open && onClose()} placement="center" role="alertdialog">
      <DialogFrame glow="cyan" closable={false} mx={4}>
        <Dialog.Header>
          <Dialog.Title textStyle="ritualLabel" color="glow.cyan">
            {act?.title}
          </Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Text color="fg.muted">{act?.body}</Text>
        </Dialog.Body>
        <Dialog.Footer gap={3}>
          <VeilButton onClick={onClose}>Cancel</VeilButton>
          <RitualButton loading={busy} onClick={() => act?.run()}>
            {act?.confirm}
          </RitualButton>
        </Dialog.Footer>
      </DialogFrame>
    </Dialog.Root>
  );
}
