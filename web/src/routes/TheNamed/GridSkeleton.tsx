// What the listing looks like while the network answers.
import { SimpleGrid, Skeleton } from "@chakra-ui/react";

export function GridSkeleton() {
  return (
    <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap={5} aria-busy="true" aria-label="Loading agents">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} h="56" borderRadius="xl" />
      ))}
    </SimpleGrid>
  );
}
