// Sharing a thread, asked first: the dialog says what becomes public (the thread as it is now, or
// up to the answer it was opened from) and that what is said afterwards stays private; once
// shared, it holds the link with Copy, "Update link" (share what was said since) and Unshare.
import { Box, Dialog, Flex, Input, Text } from "@chakra-ui/react";
import { DialogFrame } from "./DialogFrame";
import { useState, type ReactNode } from "react";
import { paths, pathTo } from "@nomina/shared/paths";
import { useShareConversationMutation } from "../mutations/useShareConversationMutation";
import { errorMessage } from "../relay/errors";
import { RitualButton, VeilButton } from "./Buttons";
import { copyText } from "./clipboard";
import { formatDateTime } from "./format";
import { notify } from "./Toaster";

/** The thread as the dialog needs it. */
export type SharedThread = {
  /** Global id, for the mutation. */
  id: string;
  /** Plain id, for the address. */
  rawId: string;
  visibility: string;
  sharedUntil: string | null | undefined;
};

type Props = {
  thread: SharedThread;
  /** Opened from one answer: share up to it ("up to here"). */
  throughMessageId?: string;
  /** The control that opens the dialog; or, without one, the dialog is opened by its owner (`open`). */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

export function ShareDialog({ thread, throughMessageId, trigger, open: controlled, onOpenChange }: Props) {
  const [own, setOwn] = useState(false);
  const open = controlled ?? own;
  const setOpen = (next: boolean) => (onOpenChange ? onOpenChange(next) : setOwn(next));
  const [share, sharing] = useShareConversationMutation();
  const shared = thread.visibility === "public";
  const url = `${window.location.origin}${pathTo(paths.conversation, { id: thread.rawId })}`;

  const copy = async () => {
    if (await copyText(url)) notify("success", "Thread Link Copied", "Anyone with the link can read what you shared.");
    else notify("info", "Copy the link yourself", url);
  };

  const publish = () =>
    share(
      thread.id,
      "public",
      {
        onCompleted: () => void copy(),
        onError: (error) => notify("error", "Could not share the thread", errorMessage(error, "The thread could not be shared")),
      },
      throughMessageId,
    );

  const unshare = () =>
    share(thread.id, "private", {
      onCompleted: () => {
        setOpen(false);
        notify("info", "Thread Unshared", "The link no longer opens it: only you can read this thread now.");
      },
      onError: (error) => notify("error", "Could not unshare the thread", errorMessage(error, "Try again in a moment")),
    });

  return (
    <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} size={{ base: "full", md: "md" }} placement="center">
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <DialogFrame>
        <Dialog.Header>
          <Dialog.Title fontFamily="heading" fontSize="2xl">
            {shared ? "This thread is shared" : "Share this thread"}
          </Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          {shared ? (
            <Box>
              <Text color="fg.muted">
                Anyone with the link can read it {thread.sharedUntil ? <>as it was on {formatDateTime(thread.sharedUntil)}</> : "whole"}. What you say after
                that stays private until you update the link.
              </Text>
              <Flex mt={5} gap={2} align="center">
                <Input
                  readOnly
                  value={url}
                  aria-label="The thread's link"
                  bg="surface"
                  borderColor="border"
                  fontSize="sm"
                  onFocus={(event) => event.currentTarget.select()}
                />
                <VeilButton size="sm" onClick={() => void copy()}>
                  Copy
                </VeilButton>
              </Flex>
            </Box>
          ) : (
            <Box>
              <Text color="fg.muted">
                {throughMessageId
                  ? "Anyone with the link will read this thread up to this answer."
                  : "Anyone with the link will read this thread as it is now."}{" "}
                What you say afterwards stays private until you share again, and you can unshare at any time.
              </Text>
              <Text mt={3} textStyle="caption" color="fg.muted">
                The answers within it can be read at their own links too while the thread is shared.
              </Text>
            </Box>
          )}
          <Flex mt={6} mb={2} gap={3} justify="flex-end" wrap="wrap">
            {shared ? (
              <>
                <VeilButton onClick={unshare} loading={sharing}>
                  Unshare
                </VeilButton>
                <RitualButton onClick={publish} loading={sharing}>
                  {throughMessageId ? "Share up to here" : "Update link"}
                </RitualButton>
              </>
            ) : (
              <>
                <Dialog.ActionTrigger asChild>
                  <VeilButton>Cancel</VeilButton>
                </Dialog.ActionTrigger>
                <RitualButton onClick={publish} loading={sharing}>
                  Share and copy link
                </RitualButton>
              </>
            )}
          </Flex>
        </Dialog.Body>
      </DialogFrame>
    </Dialog.Root>
  );
}
