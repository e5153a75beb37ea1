// The first paint of a screen whose code and data are still on their way (#41: a cold screen was a
// bare "Opening the gate..." on an empty page for seconds): the night sky, the menu's place, and
// the shape of a screen, title, lines and panels, so the page is already there while it fills.
import { Box, Grid, Skeleton, SkeletonText, Stack, VisuallyHidden } from "@chakra-ui/react";

export function ShellSkeleton({ label }: { label: string }) {
  return (
    <Box minH="100dvh" bg="bg" px={{ base: 4, md: 8 }} pt={{ base: 20, md: 24 }} pb={12} role="status" aria-live="polite" data-testid="shell-skeleton">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Box position="fixed" top={4} right={4} aria-hidden>
        <Skeleton w={11} h={11} borderRadius="full" />
      </Box>
      <Stack maxW="6xl" mx="auto" gap={6} aria-hidden>
        <Skeleton h={3} w={36} />
        <Skeleton h={{ base: 9, md: 12 }} w={{ base: "75%", md: "45%" }} />
        <SkeletonText noOfLines={2} maxW="2xl" gap={3} />
        <Grid templateColumns={{ base: "1fr", md: "repeat(3, 1fr)" }} gap={5} pt={4}>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={{ base: 32, md: 48 }} borderRadius="xl" />
          ))}
        </Grid>
      </Stack>
    </Box>
  );
}
