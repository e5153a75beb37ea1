// What the owner of a thread sees on its page: whether it is shared, the way to share it (or make
// it private again) and to continue it with the agent.
import { Flex, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { paths, pathTo } from "@nomina/shared/paths";
import type { OwnerBar_conversation$key } from "../../__generated__/OwnerBar_conversation.graphql";
import { RitualButton, VeilButton } from "../../components/Buttons";
import { copyText } from "../../components/clipboard";
import { notify } from "../../components/Toaster";
import { useShareConversationMutation } from "../../mutations/useShareConversationMutation";
import { errorMessage } from "../../relay/errors";

const fragment = graphql`
  fragment OwnerBar_conversation on Conversation {
    id
    rawId
    visibility
    agent {
      rawId
    }
  }
`;

export function OwnerBar({ conversation }: { conversation: OwnerBar_conversation$key }) {
  const data = useFragment(fragment, conversation);
  const [share, sharing] = useShareConversationMutation();
  const shared = data.visibility === "public";

  const toggle = async () => {
    if (!shared) await copyText(window.location.href);
    share(data.id, shared ? "private" : "public", {
      onCompleted: (visibility) =>
        visibility === "public"
          ? notify("success", "Thread Link Copied", "Anyone with the link can now read this thread.")
          : notify("info", "Thread Made Private", "Only you can read this thread now."),
      onError: (error) => notify("error", "Could not change who may read the thread", errorMessage(error, "Try again in a moment")),
    });
  };

  return (
    <Flex mt={6} gap={3} align="center" wrap="wrap" py={3} borderYWidth="1px" borderColor="border">
      <Text textStyle="caption" color={shared ? "glow.green" : "fg.subtle"} flex="1">
        {shared ? "shared: anyone with the link may read it" : "private: only you may read it"}
      </Text>
      <VeilButton size="xs" onClick={toggle} loading={sharing}>
        {shared ? "Make private" : "Share thread"}
      </VeilButton>
      <RitualButton asChild size="xs">
        <RouterLink to={`${pathTo(paths.agentProfile, { agentId: data.agent.rawId })}?thread=${encodeURIComponent(data.rawId)}`}>Continue this thread</RouterLink>
      </RitualButton>
    </Flex>
  );
}
