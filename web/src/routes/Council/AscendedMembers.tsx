// ASCENDED COUNCIL MEMBERS (spec 2): shown only once a member exists; a new ascension anywhere
// is prepended live, so every open terminal sees it without a reload.
import { Box, Button, Flex, Heading, SimpleGrid } from "@chakra-ui/react";
import { useMemo } from "react";
import { graphql, usePaginationFragment, usePreloadedQuery, useSubscription, type PreloadedQuery } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { AscendedMembersQuery } from "../../__generated__/AscendedMembersQuery.graphql";
import type { AscendedMembersPaginationQuery } from "../../__generated__/AscendedMembersPaginationQuery.graphql";
import type { AscendedMembers_query$key } from "../../__generated__/AscendedMembers_query.graphql";
import type { AscendedMembersSubscription } from "../../__generated__/AscendedMembersSubscription.graphql";
import { AscendedMemberCard } from "./AscendedMemberCard";

export const MEMBERS_PAGE = 30;

const fragment = graphql`
  fragment AscendedMembers_query on Query
  @argumentDefinitions(count: { type: "Int", defaultValue: 30 }, cursor: { type: "String" })
  @refetchable(queryName: "AscendedMembersPaginationQuery") {
    councilMembers(first: $count, after: $cursor) @connection(key: "AscendedMembers_councilMembers") {
      __id
      edges {
        node {
          id
          ...AscendedMemberCard_member
        }
      }
    }
  }
`;

export const ascendedMembersQuery = graphql`
  query AscendedMembersQuery {
    ...AscendedMembers_query
  }
`;

const ascended = graphql`
  subscription AscendedMembersSubscription($connections: [ID!]!) {
    councilMemberAscended @prependNode(connections: $connections, edgeTypeName: "QueryCouncilMembersConnectionEdge") {
      id
      ...AscendedMemberCard_member
      agent {
        id
        councilMember {
          id
        }
      }
    }
  }
`;

export function AscendedMembers({ queryRef }: { queryRef: PreloadedQuery<AscendedMembersQuery> }) {
  const root = usePreloadedQuery<AscendedMembersQuery>(ascendedMembersQuery, queryRef);
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment<AscendedMembersPaginationQuery, AscendedMembers_query$key>(fragment, root);
  const connectionId = data.councilMembers.__id;
  const config = useMemo<GraphQLSubscriptionConfig<AscendedMembersSubscription>>(
    () => ({ subscription: ascended, variables: { connections: [connectionId] } }),
    [connectionId],
  );
  useSubscription(config);

  const members = data.councilMembers.edges;
  if (members.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="ascended-heading" mb={8}>
      <Heading id="ascended-heading" as="h2" textStyle="sectionLabel" color="glow.violet" mb={4}>
        ASCENDED COUNCIL MEMBERS
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap={4}>
        {members.map(({ node }) => (
          <AscendedMemberCard key={node.id} member={node} />
        ))}
      </SimpleGrid>
      {hasNext && (
        <Flex justify="center" mt={4}>
          <Button size="sm" variant="outline" loading={isLoadingNext} onClick={() => loadNext(MEMBERS_PAGE)}>
            More members
          </Button>
        </Flex>
      )}
    </Box>
  );
}
