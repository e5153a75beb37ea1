// What the owner of a thread sees on its page: whether it is shared, and Share (a dialog that
// says what becomes public) or, once shared, the link and Unshare beside it.
import { Flex, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import type { OwnerBar_conversation$key } from "../../__generated__/OwnerBar_conversation.graphql";
import { VeilButton } from "../../components/Buttons";
import { formatDateTime } from "../../components/format";
import { ShareDialog } from "../../components/ShareDialog";
import { notify } from "../../components/Toaster";
import { useShareConversationMutation } from "../../mutations/useShareConversationMutation";
import { errorMessage } from "../../relay/errors";

const fragment = graphql`
  fragment OwnerBar_conversation on Conversation {
    id
    rawId
    visibility
    sharedUntil
  }
`;

export function OwnerBar({ conversation }: { conversation: OwnerBar_conversation$key }) {
  const data = useFragment(fragment, conversation);
  const [share, sharing] = useShareConversationMutation();
  const shared = data.visibility === "public";

  const unshare = () =>
    share(data.id, "private", {
      onCompleted: () => notify("info", "Thread Unshared", "The link no longer opens it: only you can read this thread now."),
      onError: (error) => notify("error", "Could not unshare the thread", errorMessage(error, "Try again in a moment")),
    });

  return (
    <Flex mt={4} gap={3} align="center" wrap="wrap" py={3} borderYWidth="1px" borderColor="border">
      <Text textStyle="caption" color={shared ? "glow.green" : "fg.subtle"} flex="1" minW="12rem">
        {shared
          ? `shared: anyone with the link may read it${data.sharedUntil ? ` as it was on ${formatDateTime(data.sharedUntil)}` : ""}`
          : "private: only you may read it"}
      </Text>
      <ShareDialog
        thread={{ id: data.id, rawId: data.rawId, visibility: data.visibility, sharedUntil: data.sharedUntil }}
        trigger={<VeilButton size="xs">{shared ? "Link" : "Share thread"}</VeilButton>}
      />
      {shared && (
        <VeilButton size="xs" onClick={unshare} loading={sharing}>
          Unshare
        </VeilButton>
      )}
    </Flex>
  );
}
