// Today's use of one daily limit, as n/limit and a bar (spec 2: n/3 and n/1 at tier 1).
import { Flex, Progress, Text } from "@chakra-ui/react";

type Props = { label: string; used: number; limit: number };

export function DailyMeter({ label, used, limit }: Props) {
  const spent = used >= limit;
  return (
    <Progress.Root value={Math.min(used, limit)} max={limit} colorPalette={spent ? "pink" : "cyan"} size="md">
      <Flex justify="space-between" align="baseline" mb={2} gap={4}>
        <Progress.Label textStyle="meterLabel" color="fg">
          {label}
        </Progress.Label>
        <Progress.ValueText textStyle="terminalBody" color={spent ? "glow.pink" : "accent"}>
          {used}/{limit}
        </Progress.ValueText>
      </Flex>
      <Progress.Track bg="void.700" borderRadius="full" aria-label={label} aria-valuetext={`${used} of ${limit} today`}>
        <Progress.Range borderRadius="full" boxShadow={spent ? undefined : "glowCyan"} />
      </Progress.Track>
      {spent && (
        <Text fontSize="xs" color="fg.muted" mt={1}>
          Spent for today.
        </Text>
      )}
    </Progress.Root>
  );
}
