// The controls on an agent's answer: Stop while it is spoken; then Regenerate, the answers to
// the same message ("2 of 3", earlier and later), Copy, and a link to share the thread.
import { Flex, Text, chakra } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { VeilButton } from "./Buttons";
import { copyText } from "./clipboard";
import { notify } from "./Toaster";
import { useSelectReplyMutation } from "../mutations/useSelectReplyMutation";
import { useShareConversationMutation } from "../mutations/useShareConversationMutation";
import { errorMessage } from "../relay/errors";
import { paths, pathTo } from "@nomina/shared/paths";

/** The thread an answer belongs to: its global id (for mutations) and raw id (for its address). */
export type ThreadRef = { id: string; rawId: string };

type Siblings = { index: number; count: number; ids: readonly string[] };

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
};

const COPY_FAILED = "Unable to copy to clipboard. Please copy manually.";

export function ReplyControls({ messageId, text, thread, speaking, busy = false, readOnly = false, siblings, onStop, onRegenerate }: Props) {
  const [select, selecting] = useSelectReplyMutation();
  const [share, sharing] = useShareConversationMutation();

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

  const shareThread = async () => {
    // Copied first, while the click still counts as the visitor's own act; the address is known.
    const url = `${window.location.origin}${pathTo(paths.conversation, { id: thread.rawId })}`;
    const copied = await copyText(url);
    share(thread.id, "public", {
      onCompleted: () =>
        copied ? notify("success", "Thread Link Copied", "Anyone with the link can now read this thread.") : notify("info", "Thread Shared", `Copy its link: ${url}`),
      onError: (error) => notify("error", "Could not share the thread", errorMessage(error, "The thread could not be shared")),
    });
  };

  const position = siblings ? siblings.ids.indexOf(messageId) : -1;
  const choose = (offset: number) => {
    const target = siblings?.ids[position + offset];
    if (!target) return;
    select(target, { onCompleted: () => undefined, onError: (error) => notify("error", "Could not show that answer", errorMessage(error, "Try again")) });
  };

  return (
    <Flex mt={3} gap={2} align="center" wrap="wrap" role="group" aria-label="Answer controls">
      {!readOnly && onRegenerate && (
        <VeilButton size="xs" onClick={onRegenerate} disabled={busy}>
          <Mark>↻</Mark> Regenerate
        </VeilButton>
      )}
      {siblings && siblings.count > 1 && (
        <Flex align="center" gap={1} textStyle="caption" color="fg.muted">
          {!readOnly && (
            <VeilButton size="xs" px={2} aria-label="Previous answer" onClick={() => choose(-1)} disabled={busy || selecting || position <= 0}>
              ‹
            </VeilButton>
          )}
          <Text data-testid="answer-position" px={1}>
            {siblings.index} of {siblings.count}
          </Text>
          {!readOnly && (
            <VeilButton size="xs" px={2} aria-label="Next answer" onClick={() => choose(1)} disabled={busy || selecting || position < 0 || position >= siblings.ids.length - 1}>
              ›
            </VeilButton>
          )}
        </Flex>
      )}
      <VeilButton size="xs" onClick={copy} disabled={text === ""}>
        <Mark>❏</Mark> Copy
      </VeilButton>
      {!readOnly && (
        <VeilButton size="xs" onClick={shareThread} disabled={busy || sharing}>
          <Mark>⇗</Mark> Share thread
        </VeilButton>
      )}
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
