// One whisper to the Council (spec 2): its words in quotes, the Council's answer after a
// dash, and when it was spoken.
import { Badge, Box, Text } from "@chakra-ui/react";
import { oracleReasonText } from "@nomina/shared/minds";
import { graphql, useFragment } from "react-relay";
import type { RecentWhisper_whisper$key } from "../../__generated__/RecentWhisper_whisper.graphql";
import { formatMoment } from "../../components/moment";

const fragment = graphql`
  fragment RecentWhisper_whisper on CouncilWhisper {
    content
    councilResponse
    responseMode
    responseOracleReason
    createdAt
  }
`;

export function RecentWhisper({ whisper }: { whisper: RecentWhisper_whisper$key }) {
  const data = useFragment(fragment, whisper);
  return (
    <Box as="li" py={3} px={4} borderBottomWidth="1px" borderColor="border" _last={{ borderBottomWidth: 0 }}>
      <Text color="fg" fontStyle="italic" wordBreak="break-word">
        “{data.content}”
      </Text>
      {data.councilResponse && (
        <Text color="glow.cyan" fontSize="sm" mt={1} wordBreak="break-word">
          — {data.councilResponse}
        </Text>
      )}
      {/* The offline oracle's answers are marked, as the Summoning Gate marks them. */}
      {data.councilResponse && data.responseMode === "oracle" && (
        <Badge
          variant="outline"
          colorPalette="purple"
          textStyle="terminal"
          textTransform="uppercase"
          mt={1}
          title={oracleReasonText(data.responseOracleReason) ?? "Answered by the offline oracle"}
        >
          Oracle
        </Badge>
      )}
      <Text textStyle="caption" color="fg.subtle" mt={1}>
        <time dateTime={data.createdAt}>{formatMoment(data.createdAt)}</time>
      </Text>
    </Box>
  );
}
