// One notification: a glyph for its kind, what happened in a sentence that links where it leads
// (repeats while unread told as one: "40 remixes of …, latest …", sentence.ts), when (its latest
// repeat), and whether it is read ("New" in words, not only in colour). Following its link marks
// it read.
import { Box, Flex, Link, Text, chakra } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import type { NotificationRow_notification$key } from "../../__generated__/NotificationRow_notification.graphql";
import { formatDateTime, timeAgo } from "../../components/format";
import { RaisedRow } from "../../components/RaisedRow";
import { useMarkNotificationsReadMutation } from "../../mutations/useMarkNotificationsReadMutation";
import { sentence } from "./sentence";

const fragment = graphql`
  fragment NotificationRow_notification on Notification {
    id
    kind
    agentName
    subjectTitle
    actorLabel
    count
    path
    read
    updatedAt
  }
`;

const GLYPHS: Record<string, string> = {
  remixed: "⟲",
  nominated: "✦",
  ascended: "☉",
  embedded: "⌘",
  conversations: "❂",
  thread_opened: "◉",
  session_opened: "◎",
};

export function NotificationRow({ notification }: { notification: NotificationRow_notification$key }) {
  const notice = useFragment(fragment, notification);
  const [markRead] = useMarkNotificationsReadMutation();
  const { kind, agentName, subjectTitle, actorLabel, count } = notice;
  const { before, link, rest } = sentence({ kind, agentName, subjectTitle, actorLabel, count });
  const open = () => {
    if (!notice.read) markRead([notice.id], { onCompleted: () => {}, onError: () => {} });
  };
  return (
    <RaisedRow
      aria-label={`${notice.read ? "" : "New: "}${before}${link}${rest}`}
      p={{ base: 3, md: 4 }}
      borderInlineStartWidth="3px"
      borderInlineStartColor={notice.read ? "border" : "glow.violet"}
      opacity={notice.read ? 0.82 : 1}
    >
      <Flex gap={3} align="flex-start">
        <Box aria-hidden fontSize="xl" lineHeight="1.2" color={notice.read ? "fg.subtle" : "glow.violet"} w={6} textAlign="center" flexShrink={0}>
          {GLYPHS[notice.kind] ?? "·"}
        </Box>
        <Box flex="1" minW={0}>
          <Text color={notice.read ? "fg.muted" : "fg"} wordBreak="break-word">
            {before}
            {notice.path ? (
              <Link asChild color="accent" fontWeight="semibold" _hover={{ textShadow: "0 0 8px currentColor" }}>
                <RouterLink to={notice.path} onClick={open}>
                  {link}
                </RouterLink>
              </Link>
            ) : (
              <chakra.span fontWeight="semibold">{link}</chakra.span>
            )}
            {rest}
          </Text>
          <Flex mt={1} gap={2} align="center" textStyle="caption" color="fg.muted">
            {!notice.read && (
              <chakra.span color="glow.violet" fontWeight="bold" letterSpacing="0.1em">
                NEW
              </chakra.span>
            )}
            <chakra.time dateTime={notice.updatedAt} title={formatDateTime(notice.updatedAt)}>
              {timeAgo(notice.updatedAt)}
            </chakra.time>
          </Flex>
        </Box>
      </Flex>
    </RaisedRow>
  );
}
