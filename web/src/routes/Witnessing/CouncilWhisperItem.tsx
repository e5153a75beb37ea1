// A whisper to the Council in the feed: its words and the Council's answer.
import { Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import type { CouncilWhisperItem_whisper$key } from "../../__generated__/CouncilWhisperItem_whisper.graphql";
import { FeedRow } from "./FeedRow";

const fragment = graphql`
  fragment CouncilWhisperItem_whisper on CouncilWhisper {
    content
    councilResponse
    createdAt
  }
`;

export function CouncilWhisperItem({ whisper }: { whisper: CouncilWhisperItem_whisper$key }) {
  const data = useFragment(fragment, whisper);
  return (
    <FeedRow kind="whisper" label="whisper" at={data.createdAt}>
      <Text as="span" fontStyle="italic">
        “{data.content}”
      </Text>
      {data.councilResponse && (
        <Text as="span" display="block" color="glow.cyan" fontSize="sm" mt={1}>
          — {data.councilResponse}
        </Text>
      )}
    </FeedRow>
  );
}
