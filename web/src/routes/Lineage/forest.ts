// What the map draws of each agent, and the forest it reads from a page of lineages (or one
// agent's tree): who is drawn, under whom, and how many of each agent's remixes are left out.
import { graphql, readInlineData } from "react-relay";
import type { forest_agent$data, forest_agent$key } from "../../__generated__/forest_agent.graphql";
import { paths } from "@nomina/shared/paths";

export const forestAgentFragment = graphql`
  fragment forest_agent on Agent @inline {
    id
    name
    # The node's face, drawn by ForestCanvas and LineageList from the Forest read here.
    # eslint-disable-next-line relay/unused-fields
    glyph
    remixCount
    archived
    parent {
      id
    }
  }
`;

export type ForestAgent = forest_agent$data;

export type Forest = {
  /** Each lineage's agents, its origin first, parents before children. */
  lineages: ForestAgent[][];
  byId: Map<string, ForestAgent>;
  /** Each agent's children drawn, in order. */
  children: Map<string, ForestAgent[]>;
  /** Each agent's remixes the map leaves out (its remixCount beyond the children drawn). */
  hidden: Map<string, number>;
};

export function readForest(lineages: readonly (readonly forest_agent$key[])[]): Forest {
  const byId = new Map<string, ForestAgent>();
  const drawn = lineages.map((refs) =>
    refs
      .map((ref) => readInlineData(forestAgentFragment, ref))
      .filter((agent) => {
        if (byId.has(agent.id)) return false;
        byId.set(agent.id, agent);
        return true;
      }),
  );
  const children = new Map<string, ForestAgent[]>();
  for (const agent of byId.values()) {
    const parentId = agent.parent?.id;
    if (parentId && byId.has(parentId)) children.set(parentId, [...(children.get(parentId) ?? []), agent]);
  }
  const hidden = new Map([...byId.values()].map((agent) => [agent.id, Math.max(0, agent.remixCount - (children.get(agent.id)?.length ?? 0))]));
  return { lineages: drawn.filter((lineage) => lineage.length > 0), byId, children, hidden };
}

/** Whether an agent's name holds the search (as the server matches it: case aside). */
export const matches = (name: string, search: string | null) => Boolean(search && name.toLowerCase().includes(search.toLowerCase()));

/** The map focused on one agent's tree. */
export const focusPath = (agentId: string) => `${paths.lineage}?focus=${encodeURIComponent(agentId)}`;

export function describeAgent(agent: ForestAgent, hidden: number): string {
  const remixes = `${agent.remixCount} ${agent.remixCount === 1 ? "remix" : "remixes"}`;
  return [agent.name, remixes, hidden > 0 ? `${hidden} not drawn` : null, agent.archived ? "archived" : null].filter(Boolean).join(", ");
}
