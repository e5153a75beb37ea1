// The tags agents carry (issue #30), the most carried first, paged: a curator merges one into
// another (a new name renames it) or removes it from every agent; each act is confirmed first and
// names how many agents it changes.
import { Box, Flex, Input, Text, chakra } from "@chakra-ui/react";
import { normaliseTag, tagProblem } from "@nomina/shared/tags";
import { useRef, useState, useTransition, type Ref } from "react";
import { graphql, useLazyLoadQuery, usePaginationFragment } from "react-relay";
import type { TagsPanelPaginationQuery } from "../../__generated__/TagsPanelPaginationQuery.graphql";
import type { TagsPanelQuery } from "../../__generated__/TagsPanelQuery.graphql";
import type { TagsPanel_query$key } from "../../__generated__/TagsPanel_query.graphql";
import { RitualButton, VeilButton } from "../../components/Buttons";
import { FormField } from "../../components/FormField";
import { useCurateTagMutations } from "../../mutations/useCurateTagMutations";
import { reportTo, type Ask } from "./useCuratorAct";
import { MoreRows } from "./MoreRows";
import { panelRecipe } from "../../theme/recipes";

const PAGE = 20;

const fragment = graphql`
  fragment TagsPanel_query on Query
  @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" })
  @refetchable(queryName: "TagsPanelPaginationQuery") {
    tags(first: $count, after: $cursor, includeEmpty: true) @connection(key: "TagsPanel_tags") {
      __id
      edges {
        node {
          id
          name
          agentCount
        }
      }
    }
  }
`;

const query = graphql`
  query TagsPanelQuery {
    ...TagsPanel_query
  }
`;

const agentsOf = (count: number) => `${count} visible agent${count === 1 ? "" : "s"}`;
const Form = chakra("form");
const Panel = chakra("section", panelRecipe);

type TagFieldProps = { label: string; value: string; onChange: (value: string) => void; placeholder: string; ref?: Ref<HTMLInputElement> };

/** One of the merge form's two tag names: the tag merged, and the one it becomes. */
function TagField({ label, value, onChange, placeholder, ref }: TagFieldProps) {
  return (
    <Box flex="1 1 10rem">
      <FormField label={label}>
        <Input
          ref={ref}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          bg="surface"
          borderColor="border"
          autoComplete="off"
          maxLength={96}
        />
      </FormField>
    </Box>
  );
}

export function TagsPanel({ ask }: { ask: Ask }) {
  const root = useLazyLoadQuery<TagsPanelQuery>(query, {}, { fetchPolicy: "store-and-network" });
  const { data, hasNext, loadNext, isLoadingNext, refetch } = usePaginationFragment<TagsPanelPaginationQuery, TagsPanel_query$key>(fragment, root);
  const { merge, remove } = useCurateTagMutations([data.tags.__id]);
  const [, startRefetch] = useTransition();
  const [from, setFrom] = useState("");
  const [into, setInto] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const intoField = useRef<HTMLInputElement>(null);
  const tags = data.tags.edges.map((edge) => edge.node);

  const askMerge = (event: React.FormEvent) => {
    event.preventDefault();
    const tag = normaliseTag(from);
    const target = normaliseTag(into);
    const wrong = tagProblem(tag) ?? tagProblem(target) ?? (tag === target ? "A tag cannot be merged into itself" : null);
    setProblem(wrong);
    if (wrong) return;
    const known = tags.find((row) => row.name === tag);
    ask(
      {
        title: `Merge #${tag} into #${target}?`,
        body: `Every agent carrying #${tag}${known ? ` (${agentsOf(known.agentCount)})` : ""} will carry #${target} instead, and #${tag} will be gone. This cannot be undone.`,
        confirm: "Merge",
      },
      (done) => {
        const report = reportTo(done, "Tags Merged", "Merge Failed");
        merge(tag, target, {
          onError: report.onError,
          onCompleted: (result) => {
            report.onCompleted(result);
            setFrom("");
            setInto("");
            // The tag it became may be new, or move up the list: read the first page again.
            startRefetch(() => {
              refetch({ count: PAGE }, { fetchPolicy: "network-only" });
            });
          },
        });
      },
    );
  };

  return (
    <Panel size="sm" aria-label="Tags">
      <Form
        onSubmit={askMerge}
        noValidate
        aria-label="Merge a tag"
        display="flex"
        gap={3}
        p={4}
        flexWrap="wrap"
        alignItems="flex-end"
        borderBottomWidth="1px"
        borderColor="border"
      >
        <TagField label="Tag" value={from} onChange={setFrom} placeholder="e.g. poems" />
        <TagField ref={intoField} label="Merge into" value={into} onChange={setInto} placeholder="e.g. poetry" />
        <RitualButton type="submit" size="sm">
          Merge
        </RitualButton>
        {problem && (
          <Text role="alert" color="danger" fontSize="sm" flexBasis="100%">
            {problem}
          </Text>
        )}
      </Form>
      {tags.length === 0 ? (
        <Text color="fg.subtle" p={6} textAlign="center" fontSize="sm">
          No agent carries a tag yet.
        </Text>
      ) : (
        <Box as="ul" listStyleType="none" aria-label="Tags by agents carrying them">
          {tags.map((tag) => (
            <Flex as="li" key={tag.id} gap={3} py={2.5} px={4} align="center" borderBottomWidth="1px" borderColor="border" _last={{ borderBottomWidth: 0 }}>
              <Box flex="1" minW={0}>
                <Text color="accent.violet" wordBreak="break-word">
                  #{tag.name}
                </Text>
                <Text textStyle="caption" color="fg.subtle">
                  {agentsOf(tag.agentCount)}
                </Text>
              </Box>
              <VeilButton
                size="xs"
                aria-label={`Merge #${tag.name} into another tag`}
                onClick={() => {
                  setFrom(tag.name);
                  intoField.current?.focus();
                }}
              >
                Merge…
              </VeilButton>
              <VeilButton
                size="xs"
                aria-label={`Remove #${tag.name}`}
                onClick={() =>
                  ask(
                    {
                      title: `Remove #${tag.name}?`,
                      body: `#${tag.name} will be taken off every agent carrying it (${agentsOf(tag.agentCount)}, and any archived ones). This cannot be undone.`,
                      confirm: "Remove",
                    },
                    (done) => remove(tag.name, reportTo(done, "Tag Removed", "Removal Failed")),
                  )
                }
              >
                Remove
              </VeilButton>
            </Flex>
          ))}
        </Box>
      )}
      <MoreRows hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(PAGE)} label="More tags" />
    </Panel>
  );
}
