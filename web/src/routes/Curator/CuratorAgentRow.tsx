// One agent as a curator sees it: glyph, name, whether it is archived or seated on the Council,
// and the acts on it (archive or restore; ascend or retire), each confirmed first.
import { Badge, Box, Flex, Link, Text, chakra } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { paths, pathTo } from "@nomina/shared/paths";
import type { CuratorAgentRow_agent$key } from "../../__generated__/CuratorAgentRow_agent.graphql";
import { VeilButton } from "../../components/Buttons";
import { Glyph } from "../../components/Glyph";
import { useCurateAgentMutation } from "../../mutations/useCurateAgentMutation";
import { reportTo, type Ask } from "./useCuratorAct";

const Row = chakra("li");

const fragment = graphql`
  fragment CuratorAgentRow_agent on Agent {
    id
    rawId
    name
    glyph
    type
    createdBy
    archived
    councilMember {
      isActive
    }
  }
`;

export function CuratorAgentRow({ agent, ask }: { agent: CuratorAgentRow_agent$key; ask: Ask }) {
  const data = useFragment(fragment, agent);
  const [archive] = useCurateAgentMutation("archive");
  const [restore] = useCurateAgentMutation("restore");
  const [ascend] = useCurateAgentMutation("ascend");
  const [retire] = useCurateAgentMutation("retire");
  const seated = data.councilMember?.isActive === true;

  const toggleArchive = () =>
    data.archived
      ? ask({ title: `Restore ${data.name}?`, body: `${data.name} returns to the network's listings.`, confirm: "Restore" }, (done) =>
          restore(data.id, reportTo(done, "Agent Restored", "Restore Failed")),
        )
      : ask({ title: `Archive ${data.name}?`, body: `${data.name} leaves the network's listings; its page and lineage stay.`, confirm: "Archive" }, (done) =>
          archive(data.id, reportTo(done, "Agent Archived", "Archive Failed")),
        );
  const toggleSeat = () =>
    seated
      ? ask({ title: `Retire ${data.name}?`, body: `${data.name} gives up its seat on the Council.`, confirm: "Retire" }, (done) =>
          retire(data.id, reportTo(done, "Member Retired", "Retirement Failed")),
        )
      : ask({ title: `Ascend ${data.name}?`, body: `${data.name} takes a seat on the Council without nominations.`, confirm: "Ascend" }, (done) =>
          ascend(data.id, reportTo(done, "Agent Ascended", "Ascension Failed")),
        );

  return (
    <Row aria-label={data.name} py={3} px={4} borderBottomWidth="1px" borderColor="border" _last={{ borderBottomWidth: 0 }} opacity={data.archived ? 0.75 : 1}>
      <Flex gap={3} align="center" wrap="wrap">
        <Glyph glyph={data.glyph} size="sm" label={`${data.name}'s glyph`} />
        <Box flex="1" minW="10rem">
          <Link asChild color="fg" fontFamily="heading" _hover={{ color: "accent" }}>
            <RouterLink to={pathTo(paths.agentProfile, { agentId: data.rawId })}>{data.name}</RouterLink>
          </Link>
          <Flex gap={2} mt={1} align="center" wrap="wrap">
            <Text textStyle="caption" color="fg.subtle">
              {data.type} · by {data.createdBy}
            </Text>
            {data.archived && (
              <Badge colorPalette="yellow" variant="subtle" textStyle="terminal">
                archived
              </Badge>
            )}
            {seated && (
              <Badge colorPalette="purple" variant="subtle" textStyle="terminal">
                council
              </Badge>
            )}
          </Flex>
        </Box>
        <Flex gap={2}>
          <VeilButton size="xs" onClick={toggleArchive} aria-label={`${data.archived ? "Restore" : "Archive"} ${data.name}`}>
            {data.archived ? "Restore" : "Archive"}
          </VeilButton>
          <VeilButton size="xs" onClick={toggleSeat} aria-label={`${seated ? "Retire" : "Ascend"} ${data.name}`}>
            {seated ? "Retire" : "Ascend"}
          </VeilButton>
        </Flex>
      </Flex>
    </Row>
  );
}
