// The controls on an agent's answer: Stop while it is spoken; then Regenerate, the answers to
// the same message ("2 of 3", earlier and later), Continue (the last answer), Copy, a link to
// share the thread, and Delete (asked first). On a phone the actions fold into one "More
// actions" menu (#27 item 9); from md up they stand in a row. The arrows stay out of the menu.
import { Box, Flex, Menu, Portal, chakra, useRecipe } from "@chakra-ui/react";
import { useState, type ReactNode } from "react";
import { VeilButton } from "./Buttons";
import { copyText } from "./clipboard";
import { DeleteMessageDialog } from "./DeleteMessageDialog";
import { ShareDialog, type SharedThread } from "./ShareDialog";
import { SiblingArrows, type Siblings } from "./SiblingArrows";
import { notify } from "./Toaster";

/** The thread an answer belongs to: its global id (for mutations), raw id (for its address) and who may read it. */
export type ThreadRef = SharedThread;

type Props = {
  messageId: string;
  text: string;
  thread: ThreadRef;
  speaking: boolean;
  /** Another answer is being spoken: nothing else may be asked meanwhile. */
  busy?: boolean;
  readOnly?: boolean;
  siblings?: Siblings;
  onStop?: () => void;
  onRegenerate?: () => void;
  /** Present on the thread's last answer, once it has ended. */
  onContinue?: () => void;
  /** Present for the thread's owner: asked first, then the answer and everything after it go. */
  onDelete?: () => void;
};

type Action = { value: string; label: string; mark: string; run: () => void; disabled?: boolean };

const COPY_FAILED = "Unable to copy to clipboard. Please copy manually.";

export function ReplyControls({
  messageId,
  text,
  thread,
  speaking,
  busy = false,
  readOnly = false,
  siblings,
  onStop,
  onRegenerate,
  onContinue,
  onDelete,
}: Props) {
  const [confirming, setConfirming] = useState(false);
  const [sharingOpen, setSharingOpen] = useState(false);
  const overlay = useRecipe({ key: "overlay" });

  if (speaking) {
    return (
      <Flex mt={3}>
        <VeilButton size="xs" onClick={onStop}>
          <Mark>■</Mark> Stop
        </VeilButton>
      </Flex>
    );
  }

  const copy = async () => {
    if (await copyText(text)) notify("success", "Answer Copied", "The agent's words are on your clipboard.");
    else notify("error", "Copy Failed", COPY_FAILED);
  };

  const actions: Action[] = [
    ...(!readOnly && onRegenerate ? [{ value: "regenerate", label: "Regenerate", mark: "↻", run: onRegenerate, disabled: busy }] : []),
    ...(!readOnly && onContinue ? [{ value: "continue", label: "Continue", mark: "»", run: onContinue, disabled: busy }] : []),
    { value: "copy", label: "Copy", mark: "❏", run: () => void copy(), disabled: text === "" },
    // Shared up to this answer, asked first (ShareDialog says what becomes public).
    ...(!readOnly ? [{ value: "share", label: "Share", mark: "⇗", run: () => setSharingOpen(true), disabled: busy }] : []),
    ...(!readOnly && onDelete ? [{ value: "delete", label: "Delete", mark: "✕", run: () => setConfirming(true), disabled: busy }] : []),
  ];

  return (
    <Flex mt={3} gap={2} align="center" wrap="wrap" role="group" aria-label="Answer controls">
      {siblings && <SiblingArrows siblings={siblings} noun="answer" disabled={busy} />}
      <Flex display={{ base: "none", md: "flex" }} gap={2} align="center" wrap="wrap">
        {actions.map((action) => (
          <VeilButton key={action.value} size="xs" onClick={action.run} disabled={action.disabled}>
            <Mark>{action.mark}</Mark> {action.label}
          </VeilButton>
        ))}
      </Flex>
      <Box display={{ base: "block", md: "none" }}>
        <Menu.Root positioning={{ placement: "bottom-start" }} onSelect={({ value }) => actions.find((action) => action.value === value)?.run()}>
          <Menu.Trigger asChild>
            <VeilButton size="xs" aria-label="More actions">
              <Mark>⋯</Mark>
            </VeilButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content css={overlay()} zIndex="popover" minW="12rem">
                {actions.map((action) => (
                  <Menu.Item
                    key={action.value}
                    value={action.value}
                    disabled={action.disabled}
                    color="fg"
                    _highlighted={{ bg: "whiteAlpha.100", color: "accent" }}
                  >
                    <Mark>{action.mark}</Mark> {action.label}
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </Box>
      {!readOnly && <ShareDialog thread={thread} throughMessageId={messageId} open={sharingOpen} onOpenChange={setSharingOpen} />}
      {onDelete && <DeleteMessageDialog open={confirming} onOpenChange={setConfirming} onConfirm={onDelete} what="This answer" />}
    </Flex>
  );
}

/** A control's symbol: seen, not read aloud (the word beside it names the act). */
function Mark({ children }: { children: ReactNode }) {
  return (
    <chakra.span aria-hidden color="glow.violet">
      {children}
    </chakra.span>
  );
}
