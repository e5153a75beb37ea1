// The bell beside the menu (#30 item 5): the caller's unread notifications, kept live by
// notificationAdded (a new one, one counted again, or a read in another tab), and a link to
// /notifications. A notification that arrives while the list is in the store joins its top.
// Loaded apart from the menu (NavMenu lazy-loads it), so a screen's first paint never waits on Relay.
import { Box, Link, chakra, useRecipe } from "@chakra-ui/react";
import { Suspense, useMemo } from "react";
import { RelayEnvironmentProvider, graphql, useLazyLoadQuery, useSubscription } from "react-relay";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { ConnectionHandler, type GraphQLSubscriptionConfig } from "relay-runtime";
import { paths } from "@nomina/shared/paths";
import type { NotificationBellQuery } from "../__generated__/NotificationBellQuery.graphql";
import type { NotificationBellSubscription } from "../__generated__/NotificationBellSubscription.graphql";
import { useCurrentEnvironment } from "../relay/useCurrentEnvironment";
import { Fallback } from "./PanelBoundary";

/** The connection key of the list on /notifications, which a live notification joins. */
export const NOTIFICATION_LIST_KEY = "NotificationList_notifications";

const query = graphql`
  query NotificationBellQuery {
    unreadNotificationCount
  }
`;

const added = graphql`
  subscription NotificationBellSubscription {
    notificationAdded {
      unreadCount
      notification {
        id
        ...NotificationRow_notification
      }
    }
  }
`;

export function NotificationBell() {
  return (
    <RelayEnvironmentProvider environment={useCurrentEnvironment()}>
      {/* A count that cannot be read leaves the plain bell: the screen under it goes on. */}
      <Fallback fallback={<BellLink unread={null} />}>
        <Suspense fallback={<BellLink unread={null} />}>
          <LiveBell />
        </Suspense>
      </Fallback>
    </RelayEnvironmentProvider>
  );
}

function LiveBell() {
  const { unreadNotificationCount } = useLazyLoadQuery<NotificationBellQuery>(query, {}, { fetchPolicy: "store-and-network" });
  const config = useMemo<GraphQLSubscriptionConfig<NotificationBellSubscription>>(
    () => ({
      subscription: added,
      variables: {},
      // A failed feed leaves the count as last read: the next page load reads it again.
      onError: () => {},
      updater: (store) => {
        const event = store.getRootField("notificationAdded");
        if (!event) return;
        const root = store.getRoot();
        root.setValue(event.getValue("unreadCount"), "unreadNotificationCount");
        const notice = event.getLinkedRecord("notification");
        const list = ConnectionHandler.getConnection(root, NOTIFICATION_LIST_KEY);
        if (!notice || !list) return;
        // A notification counted again moves to the top, as the server lists it.
        ConnectionHandler.deleteNode(list, notice.getDataID());
        ConnectionHandler.insertEdgeBefore(list, ConnectionHandler.createEdge(store, list, notice, "NotificationEdge"));
      },
    }),
    [],
  );
  useSubscription(config);
  return <BellLink unread={unreadNotificationCount} />;
}

/** `unread` null while it is being read: the bell without a count. */
function BellLink({ unread }: { unread: number | null }) {
  const here = useLocation().pathname === paths.notifications;
  const label = unread === null ? "Notifications" : `Notifications, ${unread === 0 ? "none" : unread} unread`;
  // The menu's round button (NavMenu), on Chakra's link: the overlay's styles as `css`, under the link's props.
  const overlay = useRecipe({ key: "overlay" });
  return (
    <Link
      asChild
      css={overlay({ round: true, glow: unread ? "violet" : "cyan" })}
      position="relative"
      borderColor={here ? "accent" : undefined}
      color={unread ? "glow.violet" : "accent"}
    >
      <RouterLink to={paths.notifications} aria-label={label} aria-current={here ? "page" : undefined}>
        <BellIcon />
        {unread ? (
          <Box
            as="span"
            aria-hidden
            data-testid="unread-badge"
            position="absolute"
            top="-1"
            right="-1"
            minW={5}
            h={5}
            px={1}
            display="flex"
            alignItems="center"
            justifyContent="center"
            borderRadius="full"
            bg="glow.violet"
            color="void.950"
            fontSize="xs"
            fontWeight="bold"
            lineHeight="1"
          >
            {unread > 99 ? "99+" : unread}
          </Box>
        ) : null}
      </RouterLink>
    </Link>
  );
}

function BellIcon() {
  return (
    <chakra.svg width="22px" height="22px" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden>
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16z" strokeLinejoin="round" />
      <path d="M10 20.5a2 2 0 0 0 4 0" strokeLinecap="round" />
      <path d="M12 3v2" strokeLinecap="round" />
    </chakra.svg>
  );
}
