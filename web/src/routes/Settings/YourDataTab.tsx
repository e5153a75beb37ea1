// Your data (#30 item 8): take everything you made and said away as one ZIP, or delete the
// account. Deleting says first, with this account's own numbers, what goes and what stays
// (agents others built on stay, credited to "anonymous"), and asks for the password again.
import { Box, Button, Dialog, Heading, Stack, Text } from "@chakra-ui/react";
import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery, useMutation } from "react-relay";
import { useNavigate } from "react-router-dom";
import type { YourDataTabDeleteMutation } from "../../__generated__/YourDataTabDeleteMutation.graphql";
import type { YourDataTabDeletionQuery } from "../../__generated__/YourDataTabDeletionQuery.graphql";
import { VeilButton } from "../../components/Buttons";
import { DialogFrame } from "../../components/DialogFrame";
import { FormField } from "../../components/FormField";
import { PasswordInput } from "../../components/PasswordInput";
import { RitualLoader } from "../../components/RitualLoader";
import { notify } from "../../components/Toaster";
import { errorMessage } from "../../relay/errors";
import { restHeaders } from "../../relay/rest-headers";
import { endSession } from "../../session";

const deletionQuery = graphql`
  query YourDataTabDeletionQuery {
    accountDeletion {
      agents
      kept
      threads
      councilSessions
    }
  }
`;

const deleteMutation = graphql`
  mutation YourDataTabDeleteMutation($input: DeleteAccountInput!) {
    deleteAccount(input: $input) {
      kept
    }
  }
`;

const counted = (n: number, one: string, many: string) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** Saves the archive the server streams, under the name it gives. */
async function downloadArchive(): Promise<void> {
  const response = await fetch("/api/account/export", { headers: restHeaders("application/json") });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message ?? "The archive could not be made. Try again in a moment.");
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "nomina.zip";
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function YourDataTab() {
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadArchive();
      notify("success", "Archive Ready", "Your agents, threads and sessions are in the ZIP you just saved.");
    } catch (error) {
      notify("error", "Could not make the archive", errorMessage(error, "Try again in a moment"));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack gap={8}>
      <Box>
        <Heading as="h2" textStyle="accountHeading">
          Take your data
        </Heading>
        <Text color="fg.muted" fontSize="sm" mt={1} mb={4} maxW="2xl">
          One ZIP file: your agents as Character Cards (they import again here, or in any app that reads cards), every thread with all its messages, your
          Council sessions, your personas and what agents remember of you.
        </Text>
        <VeilButton loading={downloading} loadingText="Gathering..." onClick={() => void download()}>
          Download my data
        </VeilButton>
      </Box>
      <Box borderTopWidth="1px" borderColor="border" pt={6}>
        <Heading as="h2" textStyle="accountHeading">
          Delete your account
        </Heading>
        <Text color="fg.muted" fontSize="sm" mt={1} mb={4} maxW="2xl">
          Your account, your threads and sessions, and your agents go. Agents that others built on (remixes of them, or a seat on the Council) stay, credited to
          anonymous, so their lineages hold. You will be told how many before anything happens.
        </Text>
        <Button colorPalette="red" variant="outline" onClick={() => setDeleting(true)}>
          Delete my account...
        </Button>
      </Box>
      <Dialog.Root
        open={deleting}
        onOpenChange={(details) => setDeleting(details.open)}
        role="alertdialog"
        placement="center"
        size={{ base: "xs", md: "md" }}
        lazyMount
        unmountOnExit
      >
        <DialogFrame closable={false}>
          <Dialog.Header>
            <Dialog.Title fontFamily="heading">Delete your account?</Dialog.Title>
          </Dialog.Header>
          <Suspense fallback={<RitualLoader label="Counting what is yours..." />}>
            <DeleteAccount onCancel={() => setDeleting(false)} />
          </Suspense>
        </DialogFrame>
      </Dialog.Root>
    </Stack>
  );
}

function DeleteAccount({ onCancel }: { onCancel: () => void }) {
  const { accountDeletion } = useLazyLoadQuery<YourDataTabDeletionQuery>(deletionQuery, {}, { fetchPolicy: "network-only" });
  const [commit, isInFlight] = useMutation<YourDataTabDeleteMutation>(deleteMutation);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const { agents, kept, threads, councilSessions } = accountDeletion;
  const going = agents - kept;

  /** Home first: Settings, still on screen, would send a session that ended to /auth. */
  const leave = async () => {
    await navigate("/", { replace: true });
    endSession();
    notify(
      "success",
      "Account Deleted",
      kept > 0 ? `${counted(kept, "agent stays", "agents stay")} in the network, credited to anonymous.` : "Nothing of yours remains here.",
    );
  };

  const confirm = () => {
    setError(null);
    commit({
      variables: { input: { password } },
      onCompleted: () => void leave(),
      onError: (failure) => setError(errorMessage(failure, "The account could not be deleted. Try again in a moment.")),
    });
  };

  return (
    <>
      <Dialog.Body>
        <Stack gap={3}>
          <Text>
            {going > 0 ? `${counted(going, "agent", "agents")} of yours will be deleted` : "None of your agents will be deleted"}, with{" "}
            {counted(threads, "thread", "threads")} and {counted(councilSessions, "Council session", "Council sessions")}. Conversations others had with the
            deleted agents end with them.
          </Text>
          {kept > 0 && (
            <Text>
              {counted(kept, "agent stays", "agents stay")} in the network because others built on {kept === 1 ? "it" : "them"}: {kept === 1 ? "it" : "they"}{" "}
              will be credited to anonymous, and you will not be able to change {kept === 1 ? "it" : "them"} again.
            </Text>
          )}
          <Text color="danger">This cannot be undone. Download your data first if you want to keep it.</Text>
          <form
            id="delete-account"
            onSubmit={(event) => {
              event.preventDefault();
              confirm();
            }}
          >
            <FormField label="Your password" error={error ?? undefined}>
              <PasswordInput value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" />
            </FormField>
          </form>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer gap={3}>
        <VeilButton size="sm" onClick={onCancel}>
          Keep my account
        </VeilButton>
        <Button type="submit" form="delete-account" size="sm" colorPalette="red" loading={isInFlight} loadingText="Deleting..." disabled={!password}>
          Delete my account
        </Button>
      </Dialog.Footer>
    </>
  );
}
