// One shared thing in Settings → Shared: its title (to open it), what is shared and since when,
// and the acts on it: Open, Copy link, and Unshare, which asks first; once unshared the row goes
// (the lists show public rows only, and the mutation's answer makes this one private).
import { Box, Flex, Link, Text, chakra } from "@chakra-ui/react";
import { useState, type ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { VeilButton } from "../../components/Buttons";
import { copyText } from "../../components/clipboard";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { RaisedRow } from "../../components/RaisedRow";
import { notify } from "../../components/Toaster";

/** A moment in a row's details, kept on one line. */
export function Moment({ at, children }: { at: string; children: ReactNode }) {
  return (
    <chakra.time dateTime={at} whiteSpace="nowrap">
      {children}
    </chakra.time>
  );
}

type Props = {
  title: string;
  /** The page's path, for the link and the copied address. */
  path: string;
  /** What is shared and since when: the line under the title. */
  details: ReactNode;
  leading?: ReactNode;
  /** What the dialog asks about, and what unsharing takes back. */
  kind: "thread" | "session";
  unsharing: boolean;
  onUnshare: () => void;
};

const ASKED = {
  thread: { title: "Unshare this thread?", goes: "its link, and the whisper links of its answers, will stop opening for anyone else" },
  session: { title: "Unshare this session?", goes: "its link will stop opening for anyone else" },
} as const;

export function SharedRow({ title, path, details, leading, kind, unsharing, onUnshare }: Props) {
  const [asking, setAsking] = useState(false);
  const url = `${window.location.origin}${path}`;

  const copy = async () => {
    if (await copyText(url)) notify("success", "Link copied", "Anyone with the link can read what you shared.");
    else notify("info", "Copy the link yourself", url);
  };

  return (
    <RaisedRow aria-label={title} p={{ base: 4, md: 5 }}>
      <Flex gap={4} align="flex-start">
        {leading}
        <Box flex="1" minW={0}>
          <Link asChild color="fg" fontFamily="heading" fontSize="lg" _hover={{ color: "accent" }} wordBreak="break-word">
            <RouterLink to={path}>{title}</RouterLink>
          </Link>
          <Text textStyle="caption" color="fg.muted" mt={1}>
            {details}
          </Text>
          <Flex mt={3} gap={2} wrap="wrap">
            <VeilButton asChild size="xs">
              <RouterLink to={path} aria-label={`Open ${title}`}>
                Open
              </RouterLink>
            </VeilButton>
            <VeilButton size="xs" onClick={() => void copy()}>
              Copy link
            </VeilButton>
            <VeilButton size="xs" loading={unsharing} onClick={() => setAsking(true)}>
              Unshare
            </VeilButton>
          </Flex>
        </Box>
      </Flex>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        onConfirm={onUnshare}
        title={ASKED[kind].title}
        body={`“${title}” will be yours alone again: ${ASKED[kind].goes}. You can share it again from its page.`}
        confirm="Unshare"
        keep="Keep it shared"
      />
    </RaisedRow>
  );
}
