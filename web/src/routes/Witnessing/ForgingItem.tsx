// A forging in the feed: a new agent, its seat and who forged it.
import { graphql, useFragment } from "react-relay";
import type { ForgingItem_agent$key } from "../../__generated__/ForgingItem_agent.graphql";
import { AgentLink } from "./AgentLink";
import { FeedRow } from "./FeedRow";

const fragment = graphql`
  fragment ForgingItem_agent on Agent {
    rawId
    name
    glyph
    apiModel
    createdBy
    createdAt
  }
`;

export function ForgingItem({ agent }: { agent: ForgingItem_agent$key }) {
  const data = useFragment(fragment, agent);
  return (
    <FeedRow kind="forging" label="forging" at={data.createdAt} meta={` by ${data.createdBy} · bound to ${data.apiModel}`}>
      <AgentLink rawId={data.rawId} name={data.name} glyph={data.glyph} /> was forged
    </FeedRow>
  );
}
