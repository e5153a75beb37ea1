// The listing's controls: search, type filter, sort, grid/list, include archived, and the tags.
import { Box, Flex, Input, NativeSelect, Stack, chakra } from "@chakra-ui/react";
import { Toggle } from "../../components/Toggle";
import type { CardLayout } from "../../components/AgentCard";
import type { AgentSort } from "../../__generated__/AgentGridPaginationQuery.graphql";
import type { ReactNode } from "react";
import { withSearch, type Filters } from "./filters";

const SORTS: { value: AgentSort; label: string }[] = [
  { value: "NEWEST", label: "Newest" },
  { value: "TRENDING", label: "Trending this week" },
  { value: "POPULAR", label: "Most popular" },
  { value: "OLDEST", label: "Oldest" },
  { value: "NAME", label: "Name" },
  { value: "TYPE", label: "Type" },
];
/** Offered while a search is typed (and then chosen unless another sort was: filters.ts). */
const RELEVANCE = { value: "RELEVANCE" as const, label: "Best match" };

type Props = {
  filters: Filters;
  types: readonly string[];
  /** The tag filter (TagFilter), under the other controls. */
  tagFilter: ReactNode;
  layout: CardLayout;
  onChange: (filters: Filters) => void;
  onLayout: (layout: CardLayout) => void;
};

const LayoutButton = chakra("button");

export function NamedToolbar({ filters, types, tagFilter, layout, onChange, onLayout }: Props) {
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => onChange({ ...filters, [key]: value });
  return (
    <Stack gap={3} role="search" aria-label="Filter the network">
      <Flex gap={3} wrap="wrap" align="center">
        <Input
          type="search"
          aria-label="Search agents"
          placeholder="Search names, traits, skills, tags..."
          value={filters.search}
          onChange={(event) => onChange(withSearch(filters, event.target.value))}
          flex={{ base: "1 1 100%", md: "1 1 16rem" }}
          bg="surface"
          borderColor="border"
        />
        <Select label="Filter by type" value={filters.type} onChange={(value) => set("type", value)}>
          <option value="">All types</option>
          {/* A type from the address that no agent has (any more) is still the one chosen. */}
          {(filters.type && !types.includes(filters.type) ? [...types, filters.type] : types).map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </Select>
        <Select label="Sort agents" value={filters.sort} onChange={(value) => set("sort", value as AgentSort)}>
          {(filters.search.trim() ? [RELEVANCE, ...SORTS] : SORTS).map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </Select>
        <Toggle label="Include archived" checked={filters.includeArchived} onChange={(checked) => set("includeArchived", checked)} />
        <Flex role="group" aria-label="Layout" borderWidth="1px" borderColor="border" borderRadius="md" overflow="hidden" ms={{ md: "auto" }}>
          {(["grid", "list"] as const).map((option) => (
            <LayoutButton
              key={option}
              type="button"
              aria-pressed={layout === option}
              aria-label={option === "grid" ? "Grid view" : "List view"}
              onClick={() => onLayout(option)}
              px={3}
              py={2}
              bg={layout === option ? "bg.toggled" : "transparent"}
              color={layout === option ? "accent" : "fg.muted"}
              cursor="pointer"
            >
              {option === "grid" ? <GridIcon /> : <ListIcon />}
            </LayoutButton>
          ))}
        </Flex>
      </Flex>
      {tagFilter}
    </Stack>
  );
}

function Select({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: React.ReactNode }) {
  return (
    <Box flex={{ base: "1 1 40%", md: "0 0 11rem" }}>
      <NativeSelect.Root>
        <NativeSelect.Field aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} bg="surface" borderColor="border">
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Box>
  );
}

const GridIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
    <rect x="3" y="3" width="7" height="7" rx="1" />
    <rect x="14" y="3" width="7" height="7" rx="1" />
    <rect x="3" y="14" width="7" height="7" rx="1" />
    <rect x="14" y="14" width="7" height="7" rx="1" />
  </svg>
);

const ListIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
    <path d="M8 6h13M8 12h13M8 18h13" strokeLinecap="round" />
    <circle cx="4" cy="6" r="1" />
    <circle cx="4" cy="12" r="1" />
    <circle cx="4" cy="18" r="1" />
  </svg>
);
