// The chosen agent's essence over the map (or below it on a phone), the way to its full
// profile, and to its whole tree in focus.
import { Badge, Box, CloseButton, Flex, HStack, Heading, Stack, Text, chakra } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import type { LineageDetail_agent$key } from "../../__generated__/LineageDetail_agent.graphql";
import { RitualButton, VeilButton } from "../../components/Buttons";
import { formatDate } from "../../components/format";
import { Glyph } from "../../components/Glyph";
import { panelRecipe } from "../../theme/recipes";
import { paths, pathTo } from "@nomina/shared/paths";
import { focusPath } from "./forest";

const Panel = chakra("aside", panelRecipe);

const fragment = graphql`
  fragment LineageDetail_agent on Agent {
    rawId
    name
    username
    glyph
    type
    apiModel
    description
    remixCount
    archived
    createdAt
    parent {
      name
    }
  }
`;

type Props = {
  agent: LineageDetail_agent$key;
  /** Its tree is the one in focus already. */
  focused: boolean;
  onClose: () => void;
};

export function LineageDetail({ agent, focused, onClose }: Props) {
  const data = useFragment(fragment, agent);
  return (
    <Panel aria-label={`${data.name} details`} p={6} w="full" position="relative" boxShadow="glowViolet">
      <CloseButton size="sm" position="absolute" top={3} right={3} aria-label="Close details" onClick={onClose} color="fg.muted" />
      <Flex align="center" gap={4} pe={8}>
        <Glyph glyph={data.glyph} size="lg" label={`${data.name}'s glyph`} />
        <Box minW={0}>
          <Heading as="h2" fontFamily="heading" fontSize="xl">
            {data.name}
          </Heading>
          <Text textStyle="caption" color="fg.subtle">
            @{data.username}
          </Text>
        </Box>
      </Flex>
      <HStack gap={2} mt={4} wrap="wrap">
        <Badge variant="outline" colorPalette="cyan" textStyle="terminal" textTransform="uppercase">
          {data.apiModel}
        </Badge>
        <Badge variant="subtle" colorPalette="purple" textStyle="terminal">
          {data.type}
        </Badge>
        {data.archived && <Badge colorPalette="gray">Archived</Badge>}
      </HStack>
      <Text color="fg.muted" fontSize="sm" mt={4}>
        {data.description ?? "Its essence is unrecorded."}
      </Text>
      <Box mt={4} textStyle="terminalBody" color="fg.subtle">
        <Text>{data.parent ? `Remixed from ${data.parent.name}` : "An origin"}</Text>
        <Text>
          {data.remixCount} {data.remixCount === 1 ? "remix" : "remixes"} · since {formatDate(data.createdAt)}
        </Text>
      </Box>
      <Stack gap={3} mt={6}>
        <RitualButton asChild size="sm" w="full">
          <RouterLink to={pathTo(paths.agentByUsername, { username: data.username })}>View Full Profile</RouterLink>
        </RitualButton>
        {!focused && (
          <VeilButton asChild size="sm" w="full">
            <RouterLink to={focusPath(data.rawId)}>Focus its tree</RouterLink>
          </VeilButton>
        )}
      </Stack>
    </Panel>
  );
}
