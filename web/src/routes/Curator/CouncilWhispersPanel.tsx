// Whispers to the Council, newest first, each to remove (confirmed first): the removal leaves
// this list and the store at once (useRemoveCouncilWhisperMutation's @deleteEdge / @deleteRecord).
import { Box, Flex, Text, chakra } from "@chakra-ui/react";
import { graphql, useLazyLoadQuery, usePaginationFragment } from "react-relay";
import type { CouncilWhispersPanelPaginationQuery } from "../../__generated__/CouncilWhispersPanelPaginationQuery.graphql";
import type { CouncilWhispersPanelQuery } from "../../__generated__/CouncilWhispersPanelQuery.graphql";
import type { CouncilWhispersPanel_query$key } from "../../__generated__/CouncilWhispersPanel_query.graphql";
import { VeilButton } from "../../components/Buttons";
import { formatMoment } from "../../components/moment";
import { useRemoveCouncilWhisperMutation } from "../../mutations/useRemoveCouncilWhisperMutation";
import { reportTo, type Ask } from "./useCuratorAct";
import { MoreRows } from "./MoreRows";
import { panelRecipe } from "../../theme/recipes";

const Panel = chakra("section", panelRecipe);

const PAGE = 20;

const fragment = graphql`
  fragment CouncilWhispersPanel_query on Query
  @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" })
  @refetchable(queryName: "CouncilWhispersPanelPaginationQuery") {
    councilWhispers(first: $count, after: $cursor) @connection(key: "CouncilWhispersPanel_councilWhispers") {
      __id
      edges {
        node {
          id
          content
          isAnonymous
          createdAt
        }
      }
    }
  }
`;

const query = graphql`
  query CouncilWhispersPanelQuery {
    ...CouncilWhispersPanel_query
  }
`;

const excerpt = (text: string) => ([...text].length > 60 ? `${[...text].slice(0, 60).join("")}...` : text);

export function CouncilWhispersPanel({ ask }: { ask: Ask }) {
  const root = useLazyLoadQuery<CouncilWhispersPanelQuery>(query, {}, { fetchPolicy: "store-and-network" });
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment<CouncilWhispersPanelPaginationQuery, CouncilWhispersPanel_query$key>(fragment, root);
  const [remove] = useRemoveCouncilWhisperMutation([data.councilWhispers.__id]);
  const whispers = data.councilWhispers.edges;

  return (
    <Panel size="sm" aria-label="Council whispers">
      {whispers.length === 0 ? (
        <Text color="fg.subtle" p={6} textAlign="center" fontSize="sm">
          No whisper has reached the Council.
        </Text>
      ) : (
        <Box as="ul" listStyleType="none" aria-label="Council whispers">
          {whispers.map(({ node }) => (
            <Flex as="li" key={node.id} gap={3} py={3} px={4} align="center" borderBottomWidth="1px" borderColor="border" _last={{ borderBottomWidth: 0 }}>
              <Box flex="1" minW={0}>
                <Text wordBreak="break-word">{node.content}</Text>
                <Text textStyle="caption" color="fg.subtle" mt={1}>
                  <time dateTime={node.createdAt}>{formatMoment(node.createdAt)}</time>
                  {node.isAnonymous ? " · anonymous" : ""}
                </Text>
              </Box>
              <VeilButton
                size="xs"
                aria-label={`Remove the whisper "${excerpt(node.content)}"`}
                onClick={() =>
                  ask(
                    { title: "Remove this whisper?", body: `"${excerpt(node.content)}" and the Council's answer to it are deleted.`, confirm: "Remove" },
                    (done) => remove(node.id, reportTo(done, "Whisper Removed", "Removal Failed")),
                  )
                }
              >
                Remove
              </VeilButton>
            </Flex>
          ))}
        </Box>
      )}
      <MoreRows hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(PAGE)} label="More whispers" />
    </Panel>
  );
}
