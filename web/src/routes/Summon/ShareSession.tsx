// Sharing a session, asked first: made public, anyone with its address may read it (every
// question, the follow-ups to come included), and the address is copied; made private again,
// it is its asker's alone.
import { Badge, Button, HStack } from "@chakra-ui/react";
import { pathTo, paths } from "@nomina/shared/paths";
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import type { ShareSession_session$key } from "../../__generated__/ShareSession_session.graphql";
import { copyText } from "../../components/clipboard";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { notify } from "../../components/Toaster";
import { useShareCouncilSessionMutation } from "../../mutations/useShareCouncilSessionMutation";
import { errorMessage } from "../../relay/errors";

const fragment = graphql`
  fragment ShareSession_session on CouncilSession {
    id
    rawId
    visibility
  }
`;

export const LINK_COPIED = "Link copied";

export function ShareSession({ session }: { session: ShareSession_session$key }) {
  const data = useFragment(fragment, session);
  const [share, sharing] = useShareCouncilSessionMutation();
  const [asking, setAsking] = useState(false);
  const shared = data.visibility === "public";
  const url = `${window.location.origin}${pathTo(paths.summonSession, { id: data.rawId })}`;

  const copy = async () => {
    if (await copyText(url)) notify("success", LINK_COPIED, "Anyone with the link can read this session.");
    else notify("error", "Copy Failed", `Unable to copy to clipboard. Please copy manually: ${url}`);
  };
  const setVisibility = (visibility: "public" | "private") =>
    share(data.id, visibility, {
      onCompleted: () => void (visibility === "public" ? copy() : notify("info", "The session is private again", "Only you can read it now.")),
      onError: (error) => notify("error", "The session could not be shared", errorMessage(error, "Try again in a moment.")),
    });

  return (
    <HStack gap={2} flexWrap="wrap">
      {shared && (
        <Badge variant="outline" colorPalette="green" textStyle="terminal" textTransform="uppercase">
          Public
        </Badge>
      )}
      <Button size="sm" variant="outline" colorPalette="cyan" loading={sharing} onClick={() => (shared ? void copy() : setAsking(true))}>
        {shared ? "Copy link" : "Share session"}
      </Button>
      {shared && (
        <Button size="sm" variant="ghost" color="fg.muted" disabled={sharing} onClick={() => setVisibility("private")}>
          Make private
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        onConfirm={() => setVisibility("public")}
        title="Share this session?"
        body="Anyone with the link will read every question of this session and the Council's answers, the follow-ups you ask later too, until you make it private again."
        confirm="Share and copy link"
        keep="Keep it private"
        palette="cyan"
      />
    </HStack>
  );
}
