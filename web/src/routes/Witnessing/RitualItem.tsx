// A Council ritual in the feed: a nomination, an ascension, a curator's act or a question asked
// at the Summoning Gate, as the ritual log writes it.
import { graphql, useFragment } from "react-relay";
import type { RitualItem_log$key } from "../../__generated__/RitualItem_log.graphql";
import { FeedRow } from "./FeedRow";

const fragment = graphql`
  fragment RitualItem_log on RitualLog {
    type
    description
    performedBy
    createdAt
  }
`;

export function RitualItem({ log }: { log: RitualItem_log$key }) {
  const data = useFragment(fragment, log);
  return (
    <FeedRow kind={data.type} label={data.type} at={data.createdAt} meta={` by ${data.performedBy}`}>
      {data.description}
    </FeedRow>
  );
}
