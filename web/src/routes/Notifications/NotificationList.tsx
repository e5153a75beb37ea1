// The caller's notifications, newest first, 20 at a time, with the unread count and "Mark all
// read". A notification arriving live joins the top (NotificationBell's subscription).
import { Box, Flex, Heading, Text, chakra } from "@chakra-ui/react";
import { useId } from "react";
import { graphql, usePaginationFragment } from "react-relay";
import type { NotificationList_query$key } from "../../__generated__/NotificationList_query.graphql";
import type { NotificationListPaginationQuery } from "../../__generated__/NotificationListPaginationQuery.graphql";
import { VeilButton } from "../../components/Buttons";
import { notify } from "../../components/Toaster";
import { useMarkNotificationsReadMutation } from "../../mutations/useMarkNotificationsReadMutation";
import { errorMessage } from "../../relay/errors";
import { NotificationRow } from "./NotificationRow";

const PAGE_SIZE = 20;

const fragment = graphql`
  fragment NotificationList_query on Query
  @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" })
  @refetchable(queryName: "NotificationListPaginationQuery") {
    unreadNotificationCount
    notifications(first: $count, after: $cursor) @connection(key: "NotificationList_notifications") {
      edges {
        node {
          id
          ...NotificationRow_notification
        }
      }
    }
  }
`;

export function NotificationList({ query }: { query: NotificationList_query$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<NotificationListPaginationQuery, NotificationList_query$key>(fragment, query);
  const [markRead, marking] = useMarkNotificationsReadMutation();
  const heading = useId();
  const unread = data.unreadNotificationCount;
  const notices = data.notifications.edges.map((edge) => edge.node);
  const markAll = () =>
    markRead(null, {
      onCompleted: () => {},
      onError: (error) => notify("error", "Could not mark them read", errorMessage(error, "Try again in a moment")),
    });
  return (
    <Box as="section" aria-labelledby={heading} mb={12}>
      <Flex align="center" justify="space-between" gap={4} wrap="wrap" mb={4}>
        <Heading as="h2" id={heading} textStyle="accountHeading">
          Signals
        </Heading>
        <Flex align="center" gap={3}>
          <Text textStyle="caption" color={unread ? "glow.violet" : "fg.muted"} role="status">
            {unread === 0 ? "All read" : `${unread} unread`}
          </Text>
          <VeilButton size="sm" disabled={unread === 0} loading={marking} onClick={markAll}>
            Mark all read
          </VeilButton>
        </Flex>
      </Flex>
      {notices.length === 0 ? (
        <Text color="fg.muted" textStyle="terminalNotice" py={6} textAlign="center">
          No signal yet. When someone remixes, nominates or embeds an agent of yours, or opens what you shared, you will hear of it here.
        </Text>
      ) : (
        <chakra.ul listStyle="none" display="flex" flexDirection="column" gap={3} aria-label="Your notifications">
          {notices.map((notice) => (
            <NotificationRow key={notice.id} notification={notice} />
          ))}
        </chakra.ul>
      )}
      {hasNext && (
        <Flex justify="center" mt={4}>
          <VeilButton size="sm" loading={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>
            Show older notifications
          </VeilButton>
        </Flex>
      )}
    </Box>
  );
}
