// The frame every feed entry shares: the kind's icon and badge, what happened, and when.
import { Badge, Box, Flex, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { formatMoment } from "../../components/moment";
import { RitualIcon } from "../../components/RitualIcon";
import { RITUAL_PALETTES, type RitualKind } from "../../theme/ritual";

type Props = { kind: RitualKind; label: string; at: string; children: ReactNode; meta?: ReactNode };

export function FeedRow({ kind, label, at, children, meta }: Props) {
  const palette = RITUAL_PALETTES[kind];
  return (
    <Flex
      as="li"
      gap={3}
      py={3}
      px={{ base: 3, md: 5 }}
      borderBottomWidth="1px"
      borderColor="border"
      _last={{ borderBottomWidth: 0 }}
      align="flex-start"
      data-kind={kind}
    >
      <Box color={`${palette}.300`} mt={1}>
        <RitualIcon kind={kind} />
      </Box>
      <Box minW={0} flex="1">
        <Flex gap={2} align="center" wrap="wrap">
          <Badge colorPalette={palette} variant="subtle" textStyle="terminal" textTransform="lowercase">
            {label}
          </Badge>
          <Box as="span" wordBreak="break-word">
            {children}
          </Box>
        </Flex>
        <Text textStyle="caption" color="fg.subtle" mt={1}>
          <time dateTime={at}>{formatMoment(at)}</time>
          {meta}
        </Text>
      </Box>
    </Flex>
  );
}
