// /settings: the signed-in account (spec 2). Without a user it renders nothing and sends the
// visitor to /auth instead (docs/DECISIONS.md, #7); a verification link's flag goes along.
import { Box, Tabs, chakra } from "@chakra-ui/react";
import { Suspense, type FocusEvent } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { Navigate, redirect, useLoaderData, useNavigation, type LoaderFunctionArgs } from "react-router-dom";
import type { SettingsRouteQuery } from "../../__generated__/SettingsRouteQuery.graphql";
import { PageMeta, withBrand } from "../../components/PageMeta";
import { RitualLoader } from "../../components/RitualLoader";
import { ScreenTitle } from "../../components/ScreenTitle";
import { useVerificationNotice } from "../../components/useVerificationNotice";
import { preloadQuery } from "../../relay/preload";
import { useSession, whenSessionKnown } from "../../session";
import { panelRecipe } from "../../theme/recipes";
import { PersonasPanel } from "../../components/mind/PersonasPanel";
import { ProfileTab } from "./ProfileTab";
import { SecurityTab } from "./SecurityTab";
import { SharedTab } from "./SharedTab";
import { UsageTab } from "./UsageTab";
import { YourDataTab } from "./YourDataTab";

const Panel = chakra("div", panelRecipe);

// Tabs keep their width: on a phone the row scrolls sideways rather than squeezing their names
// together, and the tab chosen (clicked or reached by the arrow keys) scrolls into view.
const triggerLook = {
  textStyle: "accountTab",
  whiteSpace: "nowrap",
  flexShrink: 0,
  px: { base: 2, md: 4 },
  onFocus: (event: FocusEvent<HTMLButtonElement>) => event.currentTarget.scrollIntoView({ block: "nearest", inline: "nearest" }),
} as const;

const query = graphql`
  query SettingsRouteQuery {
    viewer {
      ...ProfileTab_user
      ...UsageTab_user
      ...SecurityTab_user
    }
  }
`;

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await whenSessionKnown();
  if (session.status !== "signed-in") return redirect(`/auth${new URL(request.url).search}`);
  // Counters move elsewhere in the app (syntheses, forging): show what is cached, then the truth.
  return preloadQuery<SettingsRouteQuery>(query, {}, { fetchPolicy: "store-and-network" });
}

/**
 * Whether a session that ended should be sent to /auth from here: not while the app is already
 * leaving Settings (deleting an account goes home first, and the home page's loaders, sent with
 * the token that just ended, end the session before Settings is gone).
 */
function useSentAway(): boolean {
  return useNavigation().state === "idle";
}

export function Component() {
  const { status } = useSession();
  const sentAway = useSentAway();
  useVerificationNotice();
  if (status === "anonymous") return sentAway ? <Navigate to="/auth" replace /> : null;
  if (status === "checking") return null;
  return (
    <Box maxW="5xl" mx="auto">
      <PageMeta title={withBrand("Settings")} />
      <ScreenTitle eyebrow="ACCOUNT" title="Settings" />
      <Suspense fallback={<RitualLoader label="Reading your account..." />}>
        <SettingsTabs />
      </Suspense>
    </Box>
  );
}

function SettingsTabs() {
  const ref = useLoaderData<PreloadedQuery<SettingsRouteQuery>>();
  const { viewer } = usePreloadedQuery<SettingsRouteQuery>(query, ref);
  const sentAway = useSentAway();
  if (!viewer) return sentAway ? <Navigate to="/auth" replace /> : null;
  return (
    <Panel p={{ base: 4, md: 8 }}>
      <Tabs.Root defaultValue="profile" variant="line" colorPalette="cyan" lazyMount>
        <Tabs.List mb={6} overflowX="auto">
          <Tabs.Trigger value="profile" {...triggerLook}>
            Profile
          </Tabs.Trigger>
          <Tabs.Trigger value="usage" {...triggerLook}>
            Usage Stats
          </Tabs.Trigger>
          <Tabs.Trigger value="security" {...triggerLook}>
            Security
          </Tabs.Trigger>
          <Tabs.Trigger value="personas" {...triggerLook}>
            Personas
          </Tabs.Trigger>
          <Tabs.Trigger value="shared" {...triggerLook}>
            Shared
          </Tabs.Trigger>
          <Tabs.Trigger value="data" {...triggerLook}>
            Your data
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="profile">
          <ProfileTab user={viewer} />
        </Tabs.Content>
        <Tabs.Content value="usage">
          <UsageTab user={viewer} />
        </Tabs.Content>
        <Tabs.Content value="security">
          <SecurityTab user={viewer} />
        </Tabs.Content>
        <Tabs.Content value="personas">
          <PersonasPanel />
        </Tabs.Content>
        <Tabs.Content value="shared">
          <SharedTab />
        </Tabs.Content>
        <Tabs.Content value="data">
          <YourDataTab />
        </Tabs.Content>
      </Tabs.Root>
    </Panel>
  );
}

export { RouteError as ErrorBoundary } from "../../components/RouteError";
