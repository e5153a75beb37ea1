// Recent Evolution Activity: who evolved into whom, newest first.
import { Box, Heading, Link, Stack, Text, chakra } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import type { RemixActivity_query$key } from "../../__generated__/RemixActivity_query.graphql";
import { timeAgo } from "../../components/format";
import { Glyph } from "../../components/Glyph";
import { paths, pathTo } from "@nomina/shared/paths";
import { panelRecipe } from "../../theme/recipes";

const Row = chakra("li", panelRecipe);

const fragment = graphql`
  fragment RemixActivity_query on Query {
    remixActivity(first: 10) {
      edges {
        cursor
        node {
          remixedAt
          parentAgent {
            glyph
            name
          }
          childAgent {
            rawId
            glyph
            name
          }
        }
      }
    }
  }
`;

export function RemixActivity({ query }: { query: RemixActivity_query$key }) {
  const data = useFragment(fragment, query);
  const events = data.remixActivity.edges;
  return (
    <Box as="section" aria-labelledby="activity-title">
      <Heading id="activity-title" as="h2" fontFamily="heading" fontSize={{ base: "2xl", md: "3xl" }} mb={6}>
        Recent Evolution Activity
      </Heading>
      {events.length === 0 ? (
        <Text color="fg.muted">No evolution has been recorded yet.</Text>
      ) : (
        <Stack as="ol" listStyleType="none" gap={3}>
          {events.map(({ cursor, node }) => (
            <Row key={cursor} size="sm" display="flex" alignItems="center" gap={3} flexWrap="wrap" px={4} py={3} fontSize="sm">
              <Glyph glyph={node.parentAgent?.glyph} size="sm" label="original's glyph" />
              <Text>{node.parentAgent?.name ?? "an archived original"}</Text>
              <Text aria-hidden color="accent.violet">
                ⟶
              </Text>
              <Glyph glyph={node.childAgent.glyph} size="sm" label="remix's glyph" />
              <Link asChild color="accent" fontWeight="semibold">
                <RouterLink to={pathTo(paths.agentProfile, { agentId: node.childAgent.rawId })}>{node.childAgent.name}</RouterLink>
              </Link>
              <Text ms="auto" color="fg.subtle" textStyle="caption">
                <time dateTime={node.remixedAt}>{timeAgo(node.remixedAt)}</time>
              </Text>
            </Row>
          ))}
        </Stack>
      )}
    </Box>
  );
}
