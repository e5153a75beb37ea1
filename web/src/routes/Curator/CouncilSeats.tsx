// The Council's members, most recently ascended first, each to retire (confirmed first). Seating
// an agent is done from the agents list, where every agent can be found.
import { Box, Flex, Text, chakra } from "@chakra-ui/react";
import { graphql, useLazyLoadQuery, usePaginationFragment } from "react-relay";
import type { CouncilSeatsPaginationQuery } from "../../__generated__/CouncilSeatsPaginationQuery.graphql";
import type { CouncilSeatsQuery } from "../../__generated__/CouncilSeatsQuery.graphql";
import type { CouncilSeats_query$key } from "../../__generated__/CouncilSeats_query.graphql";
import { Glyph } from "../../components/Glyph";
import { VeilButton } from "../../components/Buttons";
import { formatMoment } from "../../components/moment";
import { useCurateAgentMutation } from "../../mutations/useCurateAgentMutation";
import { reportTo, type Ask } from "./useCuratorAct";
import { MoreRows } from "./MoreRows";
import { panelRecipe } from "../../theme/recipes";

const Panel = chakra("section", panelRecipe);

const PAGE = 20;

const fragment = graphql`
  fragment CouncilSeats_query on Query
  @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" })
  @refetchable(queryName: "CouncilSeatsPaginationQuery") {
    councilMembers(first: $count, after: $cursor) @connection(key: "CouncilSeats_councilMembers") {
      edges {
        node {
          id
          isActive
          ascendedAt
          ascendedBy
          agent {
            id
            name
            glyph
          }
        }
      }
    }
  }
`;

const query = graphql`
  query CouncilSeatsQuery {
    ...CouncilSeats_query
  }
`;

export function CouncilSeats({ ask }: { ask: Ask }) {
  const root = useLazyLoadQuery<CouncilSeatsQuery>(query, {}, { fetchPolicy: "store-and-network" });
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment<CouncilSeatsPaginationQuery, CouncilSeats_query$key>(fragment, root);
  const [retire] = useCurateAgentMutation("retire");
  // A member retired here stays in the store, no longer active: it leaves the list at once.
  const members = data.councilMembers.edges.filter(({ node }) => node.isActive);

  return (
    <Panel size="sm" aria-label="Council members">
      {members.length === 0 ? (
        <Text color="fg.subtle" p={6} textAlign="center" fontSize="sm">
          No agent sits on the Council.
        </Text>
      ) : (
        <Box as="ul" listStyleType="none" aria-label="Council members">
          {members.map(({ node }) => (
            <Flex
              as="li"
              key={node.id}
              aria-label={node.agent.name}
              gap={3}
              py={3}
              px={4}
              align="center"
              wrap="wrap"
              borderBottomWidth="1px"
              borderColor="border"
              _last={{ borderBottomWidth: 0 }}
            >
              <Glyph glyph={node.agent.glyph} size="sm" label={`${node.agent.name}'s glyph`} />
              <Box flex="1" minW="10rem">
                <Text fontFamily="heading">{node.agent.name}</Text>
                <Text textStyle="caption" color="fg.subtle">
                  ascended <time dateTime={node.ascendedAt}>{formatMoment(node.ascendedAt)}</time> by {node.ascendedBy}
                </Text>
              </Box>
              <VeilButton
                size="xs"
                aria-label={`Retire ${node.agent.name}`}
                onClick={() =>
                  ask({ title: `Retire ${node.agent.name}?`, body: `${node.agent.name} gives up its seat on the Council.`, confirm: "Retire" }, (done) =>
                    retire(node.agent.id, reportTo(done, "Member Retired", "Retirement Failed")),
                  )
                }
              >
                Retire
              </VeilButton>
            </Flex>
          ))}
        </Box>
      )}
      <MoreRows hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(PAGE)} label="More members" />
    </Panel>
  );
}
