// /council and /council-terminal: the Council Terminal (spec 2). Drifting motes behind, the
// ascended members above, and three tabs: nomination, whisper, rituals. Everything on it is
// live: whatever any visitor does reaches every open terminal through subscriptions.
import { Box, Flex, Heading, Tabs, Text, chakra } from "@chakra-ui/react";
import { Suspense } from "react";
import type { PreloadedQuery } from "react-relay";
import { useLoaderData, useLocation } from "react-router-dom";
import { paths } from "@nomina/shared/paths";
import type { AscendedMembersQuery } from "../../__generated__/AscendedMembersQuery.graphql";
import type { NominationPanelQuery } from "../../__generated__/NominationPanelQuery.graphql";
import type { RitualLogPanelQuery } from "../../__generated__/RitualLogPanelQuery.graphql";
import type { WhisperPanelQuery } from "../../__generated__/WhisperPanelQuery.graphql";
import { PageMeta, withBrand } from "../../components/PageMeta";
import { PanelBoundary } from "../../components/PanelBoundary";
import { preloadQuery } from "../../relay/preload";
import { terminalRecipe } from "../../theme/ritual";
import { AscendedMembers, ascendedMembersQuery } from "./AscendedMembers";
import { CouncilParticles } from "./CouncilParticles";
import { NominationPanel, nominationPanelQuery } from "./NominationPanel";
import { RitualLogPanel, ritualLogPanelQuery } from "./RitualLogPanel";
import { WhisperPanel, whisperPanelQuery } from "./WhisperPanel";

const Terminal = chakra("div", terminalRecipe);

type Queries = {
  members: PreloadedQuery<AscendedMembersQuery>;
  nominees: PreloadedQuery<NominationPanelQuery>;
  whispers: PreloadedQuery<WhisperPanelQuery>;
  logs: PreloadedQuery<RitualLogPanelQuery>;
};

/** One query per panel, all started at once: each panel loads and fails on its own. */
export function loader(): Queries {
  return {
    members: preloadQuery<AscendedMembersQuery>(ascendedMembersQuery, {}),
    nominees: preloadQuery<NominationPanelQuery>(nominationPanelQuery, {}),
    whispers: preloadQuery<WhisperPanelQuery>(whisperPanelQuery, {}),
    logs: preloadQuery<RitualLogPanelQuery>(ritualLogPanelQuery, {}),
  };
}

const TABS = [
  { value: "nomination", label: "AGENT NOMINATION" },
  { value: "whisper", label: "WHISPER ELEVATION" },
  { value: "rituals", label: "RITUALS LOG" },
] as const;

export function Component() {
  const queries = useLoaderData<Queries>();
  return (
    <>
      <CouncilParticles />
      <Box maxW="5xl" mx="auto" position="relative" zIndex={1}>
        <CouncilTitle />
        <Box textAlign="center" mt={6} mb={8}>
          <Heading as="h1" textStyle="screenTitle">
            Council Terminal
          </Heading>
          <Text color="fg.muted" mt={2}>
            Curators of the network: raise the worthy, speak truths, and watch the Council's rituals as they happen.
          </Text>
        </Box>
        {/* Members only appear once one exists, so nothing shows while they load. */}
        <PanelBoundary loading="" failure="The ascended members could not be summoned">
          <Suspense fallback={null}>
            <AscendedMembers queryRef={queries.members} />
          </Suspense>
        </PanelBoundary>
        <Terminal>
          <Flex align="center" gap={2} px={4} py={2} borderBottomWidth="1px" borderColor="border" textStyle="caption" color="fg.subtle">
            <Box w={2} h={2} borderRadius="full" bg="glow.green" boxShadow="0 0 8px {colors.glow.green}" />
            council@nomina:~$ session open
          </Flex>
          <Tabs.Root defaultValue="nomination" variant="line" colorPalette="cyan" lazyMount={false}>
            <Tabs.List borderColor="border" px={{ base: 1, md: 4 }} display="grid" gridTemplateColumns="repeat(3, 1fr)">
              {TABS.map((tab) => (
                <Tabs.Trigger
                  key={tab.value}
                  value={tab.value}
                  textStyle="terminalTab"
                  justifyContent="center"
                  textAlign="center"
                  whiteSpace="normal"
                  lineHeight="short"
                  py={3}
                  h="auto"
                  color="fg.muted"
                  _selected={{ color: "glow.cyan" }}
                >
                  {tab.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Box p={{ base: 3, md: 6 }}>
              <Tabs.Content value="nomination" p={0}>
                <PanelBoundary loading="Gathering the agents..." failure="Failed to load agents from the network">
                  <NominationPanel queryRef={queries.nominees} />
                </PanelBoundary>
              </Tabs.Content>
              <Tabs.Content value="whisper" p={0}>
                <PanelBoundary loading="Listening for whispers..." failure="The whispers could not be heard">
                  <WhisperPanel queryRef={queries.whispers} />
                </PanelBoundary>
              </Tabs.Content>
              <Tabs.Content value="rituals" p={0}>
                <PanelBoundary loading="Reading the ritual log..." failure="The ritual log could not be read">
                  <RitualLogPanel queryRef={queries.logs} />
                </PanelBoundary>
              </Tabs.Content>
            </Box>
          </Tabs.Root>
        </Terminal>
      </Box>
    </>
  );
}

/** /council is The Council of the menu, /council-terminal the Terminal of the Pillars: one screen, a title for each address. */
function CouncilTitle() {
  const { pathname } = useLocation();
  return <PageMeta title={withBrand(pathname.startsWith(paths.councilTerminal) ? "Council Terminal" : "The Council")} />;
}

export function ErrorBoundary() {
  return (
    <Box role="alert" textAlign="center" py={20}>
      <PageMeta title={withBrand("Council Terminal")} />
      <Text color="danger" fontSize="lg">
        The Council Terminal could not reach the network
      </Text>
    </Box>
  );
}
