// The console's lists page on request: one small button under a list while it has more.
import { Button, Flex } from "@chakra-ui/react";

type Props = { hasNext: boolean; loading: boolean; onMore: () => void; label: string };

export function MoreRows({ hasNext, loading, onMore, label }: Props) {
  if (!hasNext) return null;
  return (
    <Flex justify="center" p={2}>
      <Button size="xs" variant="ghost" loading={loading} onClick={onMore}>
        {label}
      </Button>
    </Flex>
  );
}
