// The asker's turn in a thread: the words sent, or the glyph ritual chosen (its fixed prompt is
// the ritual's own business and is not shown). Its owner may edit the words (#27): Enter sends
// them as a new branch, Shift+Enter is a new line, Escape cancels; the versions have arrows.
import { Box, Flex, Text, Textarea, chakra } from "@chakra-ui/react";
import { useState, type KeyboardEvent } from "react";
import { graphql, useFragment } from "react-relay";
import type { ThreadQuestion_message$key } from "../__generated__/ThreadQuestion_message.graphql";
import type { ReplyActions } from "./AgentReply";
import { VeilButton } from "./Buttons";
import { GLYPH_RITUALS } from "./rituals";
import { SiblingArrows } from "./SiblingArrows";
import type { LiveAnswer } from "./useAgentAnswer";

const fragment = graphql`
  fragment ThreadQuestion_message on Message {
    id
    text
    glyphType
    siblingIndex
    siblingCount
    previousSiblingId
    nextSiblingId
  }
`;

/** As the whisper box allows. */
const MESSAGE_MAX = 2000;

type Props = { message: ThreadQuestion_message$key; live?: LiveAnswer; actions?: ReplyActions };

export function ThreadQuestion({ message, live, actions }: Props) {
  const data = useFragment(fragment, message);
  const ritual = GLYPH_RITUALS.find((rite) => rite.id === data.glyphType);
  const [draft, setDraft] = useState<string | null>(null);
  const busy = live?.pending ?? false;
  const edit = actions?.edit;

  const save = () => {
    const words = draft?.trim() ?? "";
    if (!edit || words === "" || busy) return;
    setDraft(null);
    if (words !== data.text.trim()) edit(data.id, words);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      save();
    } else if (event.key === "Escape") {
      event.preventDefault();
      setDraft(null);
    }
  };

  return (
    <Box
      alignSelf="flex-end"
      maxW={{ base: "92%", md: "80%" }}
      w={draft !== null ? "full" : undefined}
      ms="auto"
      px={4}
      py={3}
      borderRadius="lg"
      bg="questionBg"
      borderWidth="1px"
      borderColor="border"
    >
      <Text textStyle="caption" color="fg.subtle" mb={1}>
        you asked
      </Text>
      {draft !== null ? (
        <Box>
          <Textarea
            aria-label="Edit your message"
            value={draft}
            maxLength={MESSAGE_MAX}
            autoFocus
            autoresize
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            bg="surface.raised"
            borderColor="border.glow"
          />
          <Flex gap={2} mt={2} justify="flex-end" align="center">
            <Text textStyle="caption" color="fg.subtle" me="auto">
              Enter sends · Shift+Enter new line · Escape cancels
            </Text>
            <VeilButton size="xs" onClick={() => setDraft(null)}>
              Cancel
            </VeilButton>
            <VeilButton size="xs" onClick={save} disabled={busy || draft.trim() === ""}>
              Send
            </VeilButton>
          </Flex>
        </Box>
      ) : ritual ? (
        <Text data-testid="asked" display="flex" alignItems="center" gap={2}>
          <chakra.span aria-hidden color="glow.violet" textShadow="glowGlyphViolet">
            {ritual.glyph}
          </chakra.span>
          {ritual.label}
        </Text>
      ) : (
        <Text data-testid="asked" whiteSpace="pre-wrap">
          {data.text}
        </Text>
      )}
      {draft === null && (data.siblingCount > 1 || (edit && !ritual)) && (
        <Flex mt={2} gap={2} align="center" justify="flex-end" wrap="wrap">
          <SiblingArrows
            siblings={{ index: data.siblingIndex, count: data.siblingCount, previousId: data.previousSiblingId ?? null, nextId: data.nextSiblingId ?? null }}
            noun="version"
            disabled={busy}
          />
          {edit && !ritual && (
            <VeilButton size="xs" onClick={() => setDraft(data.text)} disabled={busy}>
              <chakra.span aria-hidden color="glow.violet">
                ✎
              </chakra.span>{" "}
              Edit
            </VeilButton>
          )}
        </Flex>
      )}
    </Box>
  );
}
