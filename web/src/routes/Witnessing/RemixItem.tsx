// A remix in the feed: the new agent and the one it evolved from.
import { graphql, useFragment } from "react-relay";
import type { RemixItem_agent$key } from "../../__generated__/RemixItem_agent.graphql";
import { AgentLink } from "./AgentLink";
import { FeedRow } from "./FeedRow";

const fragment = graphql`
  fragment RemixItem_agent on Agent {
    rawId
    name
    glyph
    remixType
    remixOf
    createdBy
    createdAt
    parent {
      rawId
      name
      glyph
    }
  }
`;

export function RemixItem({ agent }: { agent: RemixItem_agent$key }) {
  const data = useFragment(fragment, agent);
  return (
    <FeedRow kind="remix" label={data.remixType ?? "remix"} at={data.createdAt} meta={` by ${data.createdBy}`}>
      <AgentLink rawId={data.rawId} name={data.name} glyph={data.glyph} /> evolved from{" "}
      {data.parent ? <AgentLink rawId={data.parent.rawId} name={data.parent.name} glyph={data.parent.glyph} /> : (data.remixOf ?? "a forgotten origin")}
    </FeedRow>
  );
}
