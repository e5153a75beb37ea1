// /curator and /curator/explorer: the curators' console (issue #21). A curator signs in with their
// own account, kept apart from a user's session, over a connection of its own (curator/): the
// agents to archive or restore, seat or retire; the Council's members; its whispers to remove; the tags to merge or remove;
// the ritual log, live; the minds' spend and health; and the GraphQL explorer, loaded on demand.
import { Box, Tabs } from "@chakra-ui/react";
import { lazy } from "react";
import { RelayEnvironmentProvider } from "react-relay";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { curatorConsoleMeta, curatorExplorerMeta } from "@nomina/shared/meta";
import { paths } from "@nomina/shared/paths";
import { PageMeta } from "../../components/PageMeta";
import { PanelBoundary } from "../../components/PanelBoundary";
import { ScreenTitle } from "../../components/ScreenTitle";
import { useCuratorEnvironment, useCuratorToken } from "../../curator/environment";
import { ConfirmAct } from "./ConfirmAct";
import { CouncilSeats } from "./CouncilSeats";
import { CouncilWhispersPanel } from "./CouncilWhispersPanel";
import { CuratorAgents } from "./CuratorAgents";
import { CuratorBadge } from "./CuratorBadge";
import { CuratorLog } from "./CuratorLog";
import { CuratorSignIn } from "./CuratorSignIn";
import { MindsPanel } from "./MindsPanel";
import { TagsPanel } from "./TagsPanel";
import { useConfirmedActs } from "./useCuratorAct";

// GraphiQL (Monaco, its workers, its styles) is a chunk of its own, fetched when the tab opens.
const Explorer = lazy(() => import("./Explorer"));

const VIEWS = [
  { value: "agents", label: "Agents" },
  { value: "council", label: "Council" },
  { value: "whispers", label: "Whispers" },
  { value: "tags", label: "Tags" },
  { value: "log", label: "Ritual log" },
  { value: "minds", label: "Minds" },
  { value: "explorer", label: "Explorer" },
] as const;

type View = (typeof VIEWS)[number]["value"];

function useView(): [View, (view: View) => void] {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const asked = search.get("view");
  const view: View = pathname.replace(/\/$/, "") === paths.curatorExplorer ? "explorer" : (VIEWS.find((v) => v.value === asked)?.value ?? "agents");
  const go = (next: View) => navigate(next === "explorer" ? paths.curatorExplorer : next === "agents" ? paths.curator : `${paths.curator}?view=${next}`);
  return [view, go];
}

function Console() {
  const [view, go] = useView();
  const { pending, busy, ask, close } = useConfirmedActs();
  return (
    <>
      <PanelBoundary failure="The console could not reach the network.">
        <CuratorBadge />
      </PanelBoundary>
      <Tabs.Root value={view} onValueChange={(details) => go(details.value as View)} variant="line" colorPalette="cyan" lazyMount unmountOnExit>
        <Tabs.List mb={6} overflowX="auto" overflowY="hidden">
          {VIEWS.map(({ value, label }) => (
            <Tabs.Trigger key={value} value={value} textStyle="ritualLabel" flexShrink={0}>
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="agents">
          <PanelBoundary loading="Gathering the agents..." failure="The agents could not be gathered.">
            <CuratorAgents ask={ask} />
          </PanelBoundary>
        </Tabs.Content>
        <Tabs.Content value="council">
          <PanelBoundary loading="Calling the Council..." failure="The Council could not be called.">
            <CouncilSeats ask={ask} />
          </PanelBoundary>
        </Tabs.Content>
        <Tabs.Content value="whispers">
          <PanelBoundary loading="Listening for whispers..." failure="The whispers could not be heard.">
            <CouncilWhispersPanel ask={ask} />
          </PanelBoundary>
        </Tabs.Content>
        <Tabs.Content value="tags">
          <PanelBoundary loading="Gathering the tags..." failure="The tags could not be gathered.">
            <TagsPanel ask={ask} />
          </PanelBoundary>
        </Tabs.Content>
        <Tabs.Content value="log">
          <PanelBoundary failure="The ritual log could not be read.">
            <CuratorLog />
          </PanelBoundary>
        </Tabs.Content>
        <Tabs.Content value="minds">
          <PanelBoundary loading="Taking the minds' pulse..." failure="The minds' health could not be read.">
            <MindsPanel />
          </PanelBoundary>
        </Tabs.Content>
        <Tabs.Content value="explorer">
          <PanelBoundary loading="Opening the explorer..." failure="The explorer could not be opened.">
            <Explorer />
          </PanelBoundary>
        </Tabs.Content>
      </Tabs.Root>
      <ConfirmAct act={pending} busy={busy} onClose={close} />
    </>
  );
}

export function Component() {
  const token = useCuratorToken();
  const environment = useCuratorEnvironment();
  const explorer = useLocation().pathname.startsWith(paths.curatorExplorer);
  return (
    <Box maxW={explorer && token ? "7xl" : "5xl"} mx="auto">
      <PageMeta {...(explorer ? curatorExplorerMeta() : curatorConsoleMeta())} />
      <ScreenTitle
        eyebrow="CURATORS"
        title="The Curator Console"
        subtitle="Guide the awakening: rest agents or return them, seat the Council, keep its whispers, watch the rituals and the minds."
      />
      <RelayEnvironmentProvider environment={environment}>{token ? <Console key={token} /> : <CuratorSignIn />}</RelayEnvironmentProvider>
    </Box>
  );
}
