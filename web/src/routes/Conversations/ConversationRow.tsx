// One thread of the history: its title (to read it), the agent (a conclave's agents), its length, last activity and
// whether it is shared; and the acts on it: continue with the agent, rename, delete.
import { Box, Flex, Link, Text, chakra } from "@chakra-ui/react";
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { paths, pathTo } from "@nomina/shared/paths";
import type { ConversationRow_conversation$key } from "../../__generated__/ConversationRow_conversation.graphql";
import { VeilButton } from "../../components/Buttons";
import { timeAgo } from "../../components/format";
import { Glyph } from "../../components/Glyph";
import { notify } from "../../components/Toaster";
import { useDeleteConversationMutation } from "../../mutations/useDeleteConversationMutation";
import { errorMessage } from "../../relay/errors";
import { panelRecipe } from "../../theme/recipes";
import { RenameForm } from "./RenameForm";

const Panel = chakra("li", panelRecipe);

const fragment = graphql`
  fragment ConversationRow_conversation on Conversation {
    id
    rawId
    title
    visibility
    messageCount
    updatedAt
    agent {
      rawId
      name
      glyph
    }
    agents {
      name
    }
  }
`;

/** Who a thread is with: one agent by name; a conclave's first two, and how many more ("A, B and 2 more"). */
export function withWhom(names: readonly string[]): string {
  if (names.length <= 2) return names.join(" and ");
  return `${names.slice(0, 2).join(", ")} and ${names.length - 2} more`;
}

type Props = { conversation: ConversationRow_conversation$key; connections: string[] };

export function ConversationRow({ conversation, connections }: Props) {
  const data = useFragment(fragment, conversation);
  const [mode, setMode] = useState<"idle" | "renaming" | "deleting">("idle");
  const [remove, removing] = useDeleteConversationMutation(connections);
  // The thread's own page, where its input waits with the focus in it.
  const continueTo = pathTo(paths.conversation, { id: data.rawId });

  const confirmDelete = () =>
    remove(data.id, {
      onCompleted: () => notify("success", "Thread Deleted", "The thread and its messages have returned to the void."),
      onError: (error) => {
        setMode("idle");
        notify("error", "Could not delete the thread", errorMessage(error, "Try again in a moment"));
      },
    });

  return (
    <Panel p={{ base: 4, md: 5 }} aria-label={data.title} interactive>
      <Flex gap={4} align="flex-start">
        <Glyph glyph={data.agent.glyph} size="sm" label={`${data.agent.name}'s glyph`} />
        <Box flex="1" minW={0}>
          {mode === "renaming" ? (
            <RenameForm conversationId={data.id} title={data.title} onDone={() => setMode("idle")} />
          ) : (
            <Link asChild color="fg" fontFamily="heading" fontSize="lg" _hover={{ color: "accent" }}>
              <RouterLink to={pathTo(paths.conversation, { id: data.rawId })}>{data.title}</RouterLink>
            </Link>
          )}
          <Text textStyle="caption" color="fg.subtle" mt={1}>
            with {withWhom(data.agents.length ? data.agents.map((agent) => agent.name) : [data.agent.name])} · {data.messageCount}{" "}
            {data.messageCount === 1 ? "message" : "messages"} · <time dateTime={data.updatedAt}>{timeAgo(data.updatedAt)}</time>
            {data.visibility === "public" && (
              <Text as="span" color="glow.green">
                {" "}
                · shared
              </Text>
            )}
          </Text>
          {mode === "deleting" ? (
            <Flex mt={3} gap={2} align="center" wrap="wrap" role="group" aria-label="Confirm deletion">
              <Text fontSize="sm" color="danger">
                Delete this thread and its messages?
              </Text>
              <VeilButton size="xs" color="danger" borderColor="danger" loading={removing} onClick={confirmDelete}>
                Delete for ever
              </VeilButton>
              <VeilButton size="xs" onClick={() => setMode("idle")}>
                Keep it
              </VeilButton>
            </Flex>
          ) : (
            mode === "idle" && (
              <Flex mt={3} gap={2} wrap="wrap">
                <VeilButton asChild size="xs">
                  <RouterLink to={continueTo}>Continue</RouterLink>
                </VeilButton>
                <VeilButton size="xs" onClick={() => setMode("renaming")}>
                  Rename
                </VeilButton>
                <VeilButton size="xs" onClick={() => setMode("deleting")}>
                  Delete
                </VeilButton>
              </Flex>
            )
          )}
        </Box>
      </Flex>
    </Panel>
  );
}
