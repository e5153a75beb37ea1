// The listing's tag filter (issue #30): the most carried tags as toggles, the one chosen (from the
// address, or a card's or profile's chip) among them even when it is not one of the most carried.
// One row, scrolled sideways when it is longer than the screen: the listing below never moves as
// tags come and go.
import { Flex, Text, chakra } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import type { TagFilter_query$key } from "../../__generated__/TagFilter_query.graphql";
import { tagChipStyle } from "../../components/TagChips";

/** Tags offered at once: what fits two rows on a phone. */
export const POPULAR_TAGS = 12;

const fragment = graphql`
  fragment TagFilter_query on Query {
    tags(first: 12) {
      edges {
        node {
          name
          agentCount
        }
      }
    }
  }
`;

const Chip = chakra("button");

export function TagFilter({ tags, value, onChange }: { tags: TagFilter_query$key; value: string; onChange: (tag: string) => void }) {
  const data = useFragment(fragment, tags);
  const popular = data.tags.edges.map((edge) => edge.node).slice(0, POPULAR_TAGS);
  const offered = value && !popular.some((tag) => tag.name === value) ? [{ name: value, agentCount: null }, ...popular] : popular;
  return (
    <Flex role="group" aria-label="Filter by tag" wrap="nowrap" gap={1.5} align="center" overflowX="auto" py={1} minH={9} css={{ scrollbarWidth: "thin" }}>
      <Text as="span" textStyle="caption" color="fg.subtle" me={1} flexShrink={0}>
        Tags
      </Text>
      {offered.length === 0 && (
        <Text as="span" fontSize="sm" color="fg.subtle">
          none yet: a creator tags an agent as it is forged
        </Text>
      )}
      {offered.map((tag) => {
        const chosen = tag.name === value;
        return (
          <Chip
            key={tag.name}
            type="button"
            aria-pressed={chosen}
            onClick={() => onChange(chosen ? "" : tag.name)}
            {...tagChipStyle}
            flexShrink={0}
            cursor="pointer"
            bg={chosen ? "accent.violet" : "tagBg"}
            color={chosen ? "bg" : "accent.violet"}
            fontWeight={chosen ? "semibold" : "normal"}
          >
            <span aria-hidden>#</span>
            {tag.name}
            {tag.agentCount !== null && (
              <Text as="span" color={chosen ? "bg" : "fg.subtle"} ms={1}>
                {tag.agentCount}
              </Text>
            )}
          </Chip>
        );
      })}
    </Flex>
  );
}
