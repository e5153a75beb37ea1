// What the agent remembers about the person in the whisper box (#27 item 6), under the thread:
// "Mnemosyne remembers: your name is Orrin", each note rewritten or deleted in place, "Forget
// everything" (asked first), and memory on or off for the open thread. Notes are written shortly
// after an answer ends, so the list is read again a few times once one has.
import { Box, Flex, Stack, Text, chakra } from "@chakra-ui/react";
import { memo, useEffect, useEffectEvent, useState, type ReactNode } from "react";
import { fetchQuery, graphql, useFragment, useLazyLoadQuery, useRelayEnvironment } from "react-relay";
import type { MemoryPanelQuery } from "../../__generated__/MemoryPanelQuery.graphql";
import type { MemoryPanelThreadQuery } from "../../__generated__/MemoryPanelThreadQuery.graphql";
import type { MemoryPanel_conversation$key } from "../../__generated__/MemoryPanel_conversation.graphql";
import { useForgetMemoriesMutation } from "../../mutations/useMemoryMutations";
import { useSetThreadMemoryMutation } from "../../mutations/useThreadMindMutations";
import { errorMessage } from "../../relay/errors";
import { VeilButton } from "../Buttons";
import { ConfirmDialog } from "../ConfirmDialog";
import { PanelBoundary } from "../PanelBoundary";
import { Toggle } from "../Toggle";
import { notify } from "../Toaster";
import { speaksOfSelf } from "./aboutSelf";
import { MemoryNote } from "./MemoryNote";

const query = graphql`
  query MemoryPanelQuery($agentId: ID!) {
    memories(agentId: $agentId) {
      id
      ...MemoryNote_memory
    }
  }
`;

const threadQuery = graphql`
  query MemoryPanelThreadQuery($id: ID!) {
    conversation(id: $id) {
      ...MemoryPanel_conversation
    }
  }
`;

const fragment = graphql`
  fragment MemoryPanel_conversation on Conversation {
    id
    memoryOn
  }
`;

/**
 * After an answer ends, when to read the notes again (ms): a note is written just after it, and
 * only when the message spoke of its sender; after any other, once (a note edited elsewhere).
 */
const RECALL_AFTER_MS = [300, 1_000, 2_500, 5_000, 10_000] as const;
const RECALL_ONCE_MS = [1_500] as const;

type Props = {
  /** The agent's global id. */
  agentId: string;
  agentName: string;
  /** The open thread; null before the first message. */
  conversationId: string | null;
  /** Grows each time an answer ends: the notes are read again. */
  answers: number;
  /** What was last said to the agent: whether it may have taught the agent something. */
  lastSaid: string;
};

/** Memoised: the whisper box renders at every word of an answer, and nothing here changes with them. */
export const MemoryPanel = memo(function MemoryPanel({ agentId, agentName, conversationId, answers, lastSaid }: Props) {
  return (
    <Box as="section" aria-labelledby="memory-title" mt={6} pt={5} borderTopWidth="1px" borderColor="border" data-testid="memory-panel">
      <Flex justify="space-between" align="center" gap={3} wrap="wrap" mb={3}>
        <Text id="memory-title" as="h3" textStyle="ritualLabel" fontSize="md">
          <Mark>✧</Mark> Memory
        </Text>
        {conversationId && (
          <PanelBoundary failure="This thread's memory setting could not be read">
            <ThreadMemory conversationId={conversationId} agentName={agentName} />
          </PanelBoundary>
        )}
      </Flex>
      <PanelBoundary failure={`What ${agentName} remembers could not be recalled`}>
        <Notes agentId={agentId} agentName={agentName} answers={answers} watch={speaksOfSelf(lastSaid)} />
      </PanelBoundary>
    </Box>
  );
});

function Notes({ agentId, agentName, answers, watch }: { agentId: string; agentName: string; answers: number; watch: boolean }) {
  const { memories } = useLazyLoadQuery<MemoryPanelQuery>(query, { agentId }, { fetchPolicy: "store-and-network" });
  const environment = useRelayEnvironment();
  const [forget, forgetting] = useForgetMemoriesMutation(agentId);
  const [confirming, setConfirming] = useState(false);

  // An answer has ended: the agent may be writing a note; read the notes again as it does.
  const recall = useEffectEvent(() =>
    (watch ? RECALL_AFTER_MS : RECALL_ONCE_MS).map((delay) =>
      window.setTimeout(() => fetchQuery<MemoryPanelQuery>(environment, query, { agentId }, { fetchPolicy: "network-only" }).subscribe({}), delay),
    ),
  );
  useEffect(() => {
    if (answers === 0) return;
    const timers = recall();
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [answers]);

  const forgetAll = () =>
    forget({
      onCompleted: () => notify("info", "Forgotten", `${agentName} no longer remembers anything about you.`),
      onError: (error) => notify("error", "Could not forget", errorMessage(error, "Try again in a moment")),
    });

  if (memories.length === 0) {
    return (
      <Text textStyle="terminalBody" color="fg.subtle">
        {agentName} remembers nothing about you yet. Tell it your name, or what you like, and it may keep a note here that only you can see.
      </Text>
    );
  }
  return (
    <Stack gap={3}>
      <chakra.ul listStyle="none" aria-label={`What ${agentName} remembers about you`}>
        {memories.map((memory) => (
          <MemoryNote key={memory.id} memory={memory} agentId={agentId} agentName={agentName} />
        ))}
      </chakra.ul>
      <Flex gap={3} align="center" wrap="wrap">
        <VeilButton size="xs" onClick={() => setConfirming(true)} loading={forgetting}>
          Forget everything
        </VeilButton>
        <Text textStyle="caption" color="fg.subtle">
          Only you see these notes, never a reader of a thread you share.
        </Text>
      </Flex>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={forgetAll}
        title={`Make ${agentName} forget everything?`}
        body={`Every note ${agentName} keeps about you will be deleted, in all your threads with it. It may learn again from what you say next. This cannot be undone.`}
        confirm="Forget everything"
        keep="Keep the notes"
      />
    </Stack>
  );
}

function ThreadMemory({ conversationId, agentName }: { conversationId: string; agentName: string }) {
  const { conversation } = useLazyLoadQuery<MemoryPanelThreadQuery>(threadQuery, { id: conversationId }, { fetchPolicy: "store-or-network" });
  if (!conversation) return null;
  return <MemoryToggle conversation={conversation} agentName={agentName} />;
}

/** The switch beside the title; when off, a line under both says what that means. */
function MemoryToggle({ conversation, agentName }: { conversation: MemoryPanel_conversation$key; agentName: string }) {
  const data = useFragment(fragment, conversation);
  const [set] = useSetThreadMemoryMutation();
  const change = (on: boolean) =>
    set(data.id, on, {
      onCompleted: () => undefined,
      onError: (error) => notify("error", "Could not change this thread's memory", errorMessage(error, "Try again in a moment")),
    });
  return (
    <>
      <Toggle label="Memory on for this thread" checked={data.memoryOn} onChange={change} />
      {!data.memoryOn && (
        <Text flexBasis="100%" textStyle="caption" color="fg.muted" data-testid="memory-off">
          Off for this thread: {agentName} reads none of these notes here and keeps no new ones.
        </Text>
      )}
    </>
  );
}

function Mark({ children }: { children: ReactNode }) {
  return (
    <chakra.span aria-hidden color="glow.violet">
      {children}
    </chakra.span>
  );
}
