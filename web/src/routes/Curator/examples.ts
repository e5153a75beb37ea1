// The explorer's saved operations, one tab each, for a curator's first look at the graph.
export const EXAMPLE_TABS = [
  {
    query: `# The lineage of an agent: its ancestors up to the origin, and its newest remixes.
# (An agent is named by its id, username or exact name.)
query AgentLineage {
  agent(ref: "nomenclator") {
    name
    glyph
    archived
    remixCount
    ancestors { name glyph }
    children(first: 5) {
      edges { node { name glyph remixCount } }
    }
  }
}
`,
  },
  {
    query: `# The ritual log, live: run it, then archive or restore an agent in the console
# (or anywhere else) and watch the entry arrive.
subscription LiveRitualLog {
  ritualLogAdded {
    type
    description
    performedBy
    createdAt
    relatedAgent { name }
  }
}
`,
  },
  {
    query: `# A Council session: its questions, what each seat answered and the synthesis's seat.
# Give the id of a session (\`councilSessions\` lists the caller's; a public one is readable by all).
query CouncilSessionById($id: ID!) {
  councilSession(id: $id) {
    title
    visibility
    questionCount
    costUsd
    questions(first: 5) {
      edges { node { prompt status seats chair estimateUsd } }
    }
  }
}
`,
    variables: `{ "id": "" }`,
  },
  {
    query: `# The minds' spend and health today (curators only).
query MindsToday {
  mindsHealth {
    day
    budgetUsd
    spentUsd
    seats { seat mode model calls failures errorRate averageLatencyMs }
  }
}
`,
  },
];
