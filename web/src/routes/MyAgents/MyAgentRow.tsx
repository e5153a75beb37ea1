// One of my agents: glyph, name (to its profile), its counts and version; and the acts on it:
// edit, its numbers (charts), archive or restore, and export as a Character Card (JSON, or PNG with the card inside).
import { Box, Flex, Link, Text, chakra } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { paths, pathTo } from "@nomina/shared/paths";
import type { MyAgentRow_agent$key } from "../../__generated__/MyAgentRow_agent.graphql";
import { VeilButton } from "../../components/Buttons";
import { timeAgo } from "../../components/format";
import { Glyph } from "../../components/Glyph";
import { notify } from "../../components/Toaster";
import { useArchiveMyAgentMutation } from "../../mutations/useArchiveMyAgentMutation";
import { errorMessage } from "../../relay/errors";
import { panelRecipe } from "../../theme/recipes";
import { cardUrl } from "./cards";

const Panel = chakra("li", panelRecipe);

const fragment = graphql`
  fragment MyAgentRow_agent on Agent {
    id
    rawId
    name
    glyph
    version
    archived
    canEdit
    whisperCount
    remixCount
    nominationCount
    createdAt
  }
`;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function MyAgentRow({ agent }: { agent: MyAgentRow_agent$key }) {
  const data = useFragment(fragment, agent);
  const [setArchived, changing] = useArchiveMyAgentMutation();

  const toggleArchived = () =>
    setArchived(data.id, !data.archived, {
      onCompleted: (archived) =>
        notify(
          "success",
          archived ? "Agent Archived" : "Agent Restored",
          archived ? `${data.name} rests, out of the network's listings.` : `${data.name} walks the network again.`,
        ),
      onError: (error) =>
        notify("error", data.archived ? "Could not restore the agent" : "Could not archive the agent", errorMessage(error, "Try again in a moment")),
    });

  return (
    <Panel p={{ base: 4, md: 5 }} aria-label={data.name} interactive opacity={data.archived ? 0.75 : 1}>
      <Flex gap={4} align="flex-start">
        <Glyph glyph={data.glyph} size="sm" label={`${data.name}'s glyph`} />
        <Box flex="1" minW={0}>
          <Link asChild color="fg" fontFamily="heading" fontSize="lg" _hover={{ color: "accent" }}>
            <RouterLink to={pathTo(paths.agentProfile, { agentId: data.rawId })}>{data.name}</RouterLink>
          </Link>
          <Text textStyle="caption" color="fg.subtle" mt={1}>
            {count(data.whisperCount, "whisper", "whispers")} · {count(data.remixCount, "remix", "remixes")} ·{" "}
            {count(data.nominationCount, "nomination", "nominations")} · version {data.version} ·{" "}
            <time dateTime={data.createdAt}>{timeAgo(data.createdAt)}</time>
            {data.archived && (
              <Text as="span" color="glow.gold">
                {" "}
                · archived
              </Text>
            )}
          </Text>
          <Flex mt={3} gap={2} wrap="wrap">
            {data.canEdit && (
              <>
                <VeilButton asChild size="xs">
                  <RouterLink to={pathTo(paths.agentEdit, { agentId: data.rawId })} aria-label={`Edit ${data.name}`}>
                    Edit
                  </RouterLink>
                </VeilButton>
                <VeilButton asChild size="xs">
                  <RouterLink to={pathTo(paths.agentStats, { agentId: data.rawId })} aria-label={`${data.name}'s numbers`}>
                    Numbers
                  </RouterLink>
                </VeilButton>
                <VeilButton size="xs" loading={changing} onClick={toggleArchived} aria-label={`${data.archived ? "Restore" : "Archive"} ${data.name}`}>
                  {data.archived ? "Restore" : "Archive"}
                </VeilButton>
              </>
            )}
            <VeilButton asChild size="xs">
              <a href={cardUrl(data.rawId, "json")} download aria-label={`Export ${data.name} as a JSON card`}>
                Export JSON
              </a>
            </VeilButton>
            <VeilButton asChild size="xs">
              <a href={cardUrl(data.rawId, "png")} download aria-label={`Export ${data.name} as a PNG card`}>
                Export PNG
              </a>
            </VeilButton>
          </Flex>
        </Box>
      </Flex>
    </Panel>
  );
}
