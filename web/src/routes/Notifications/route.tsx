// /notifications (#30 item 5): what happened to the caller's agents and shared threads, newest
// first, unread ones marked; each leads to its agent, remix, thread or session (and is read once
// followed); "Mark all read"; and which kinds the caller hears of. A visitor's are its browser's
// until it signs in, when they become the account's.
import { Box, Text } from "@chakra-ui/react";
import { Suspense } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { useLoaderData } from "react-router-dom";
import { notificationsMeta } from "@nomina/shared/meta";
import type { NotificationsRouteQuery } from "../../__generated__/NotificationsRouteQuery.graphql";
import { PageMeta } from "../../components/PageMeta";
import { RitualLoader } from "../../components/RitualLoader";
import { ScreenTitle } from "../../components/ScreenTitle";
import { preloadQuery } from "../../relay/preload";
import { useSession } from "../../session";
import { NotificationList } from "./NotificationList";
import { NotificationSettings } from "./NotificationSettings";

const query = graphql`
  query NotificationsRouteQuery {
    ...NotificationList_query
    ...NotificationSettings_query
  }
`;

export function loader() {
  // Notifications arrive while the page is closed: the store's copy shows at once, then the server's.
  return preloadQuery<NotificationsRouteQuery>(query, {}, { fetchPolicy: "store-and-network" });
}

function Heading() {
  const { status } = useSession();
  return (
    <>
      <PageMeta {...notificationsMeta()} />
      <ScreenTitle
        eyebrow="SIGNALS"
        title="Notifications"
        subtitle={
          status === "signed-in"
            ? "What the network did with what you made and shared, the latest first."
            : "What the network did with what you made and shared, the latest first. Kept for this browser until you sign in, then for your account."
        }
      />
    </>
  );
}

export function Component() {
  return (
    <Box maxW="4xl" mx="auto">
      <Heading />
      <Suspense fallback={<RitualLoader label="Listening for signals..." />}>
        <Signals />
      </Suspense>
    </Box>
  );
}

function Signals() {
  const ref = useLoaderData<PreloadedQuery<NotificationsRouteQuery>>();
  const data = usePreloadedQuery<NotificationsRouteQuery>(query, ref);
  return (
    <>
      <NotificationList query={data} />
      <NotificationSettings query={data} />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <Box maxW="4xl" mx="auto">
      <Heading />
      <Box role="alert" textAlign="center" py={12}>
        <Text color="danger">Your notifications could not be read. Try again in a moment.</Text>
      </Box>
    </Box>
  );
}
