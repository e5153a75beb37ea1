// Asked before something is taken away (a message and what follows it, a persona, everything an
// agent remembers, a shared link) or made public (a Council session): what happens, and a way
// back. Only its confirm button acts.
import { Button, Dialog, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { DialogFrame } from "./DialogFrame";
import { VeilButton } from "./Buttons";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  title: string;
  body: ReactNode;
  confirm: string;
  /** The way back: the button that keeps things as they are. */
  keep: string;
  /** Red for what is taken away; cyan for what is made public. */
  palette?: "red" | "cyan";
};

export function ConfirmDialog({ open, onOpenChange, onConfirm, title, body, confirm, keep, palette = "red" }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} role="alertdialog" placement="center" size={{ base: "xs", md: "sm" }}>
      <DialogFrame closable={false}>
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
            colorPalette={palette}
            onClick={() => {
              onOpenChange(false);
              onConfirm();
            }}
          >
            {confirm}
          </Button>
        </Dialog.Footer>
      </DialogFrame>
    </Dialog.Root>
  );
}
