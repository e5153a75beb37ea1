// The Terminal's two logs (the Council's activity, the recent whispers): a bordered list that
// scrolls in a height of its own, is reachable by keyboard to scroll, says so when it is empty,
// and pages on to older entries at its foot.
import { Box, Button, Flex, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

type Props = {
  /** The list's name; the scroll region is "<label>, scrollable". */
  label: string;
  maxH: string;
  /** Announces what is prepended live. */
  live?: boolean;
  empty: boolean;
  /** What an empty log says instead. */
  emptyText: ReactNode;
  /** The older entries' button, while there are any. */
  older: { label: string; hasNext: boolean; loading: boolean; onLoad: () => void };
  children: ReactNode;
};

export function ScrollingLog({ label, maxH, live = false, empty, emptyText, older, children }: Props) {
  return (
    <Box
      maxH={maxH}
      overflowY="auto"
      borderWidth="1px"
      borderColor="border"
      borderRadius="lg"
      tabIndex={0}
      role="region"
      aria-label={`${label}, scrollable`}
      aria-live={live ? "polite" : undefined}
    >
      {empty ? (
        <Text color="fg.subtle" p={6} textAlign="center" fontSize="sm">
          {emptyText}
        </Text>
      ) : (
        <Box as="ul" listStyleType="none" aria-label={label}>
          {children}
        </Box>
      )}
      {older.hasNext && (
        <Flex justify="center" p={2}>
          <Button size="xs" variant="ghost" loading={older.loading} onClick={older.onLoad}>
            {older.label}
          </Button>
        </Flex>
      )}
    </Box>
  );
}
