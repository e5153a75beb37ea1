// One entry of the Council Activity Log (spec 2): icon and badge by type, what happened, when,
// and by whom.
import { Badge, Box, Flex, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import type { RitualLogEntry_log$key } from "../../__generated__/RitualLogEntry_log.graphql";
import { formatMoment } from "../../components/moment";
import { RitualIcon } from "../../components/RitualIcon";
import { RITUAL_PALETTES } from "../../theme/ritual";

const fragment = graphql`
  fragment RitualLogEntry_log on RitualLog {
    type
    description
    performedBy
    createdAt
  }
`;

export function RitualLogEntry({ log }: { log: RitualLogEntry_log$key }) {
  const data = useFragment(fragment, log);
  const palette = RITUAL_PALETTES[data.type];
  return (
    <Flex as="li" gap={3} py={3} px={4} borderBottomWidth="1px" borderColor="border" _last={{ borderBottomWidth: 0 }} align="flex-start">
      <Box color={`${palette}.300`} mt={0.5}>
        <RitualIcon kind={data.type} />
      </Box>
      <Box minW={0} flex="1">
        <Flex gap={2} align="center" wrap="wrap">
          <Badge colorPalette={palette} variant="subtle" textStyle="terminal" textTransform="lowercase">
            {data.type}
          </Badge>
          <Text as="span" wordBreak="break-word">
            {data.description}
          </Text>
        </Flex>
        <Text textStyle="caption" color="fg.subtle" mt={1}>
          <time dateTime={data.createdAt}>{formatMoment(data.createdAt)}</time> by {data.performedBy}
        </Text>
      </Box>
    </Flex>
  );
}
