// The Naming Ritual (the waitlist). Its form, and Relay with it, loads as the section nears
// the screen, so the landing page's first paint carries neither.
import { Box, Heading, Skeleton, Stack, Text } from "@chakra-ui/react";
import { Suspense, lazy } from "react";
import { Reveal } from "../../components/Reveal";
import { useSeenOnce } from "../../components/useSeenOnce";

const WaitlistForm = lazy(() => import("./WaitlistForm"));

export function NamingRitual() {
  const [ref, near] = useSeenOnce<HTMLDivElement>({ threshold: 0, rootMargin: "600px 0px" });
  return (
    <Reveal as="section" aria-labelledby="ritual-title" py={{ base: 12, md: 16 }}>
      <Box ref={ref} maxW="xl" mx="auto">
        <Heading id="ritual-title" as="h2" textStyle="sectionTitle" textAlign="center">
          The Naming Ritual
        </Heading>
        <Text color="fg.muted" textAlign="center" mt={3} mb={8}>
          Offer a secret name and a neural link. When the network opens its next gate, you will be called.
        </Text>
        {near ? (
          <Suspense fallback={<FormPlaceholder loading />}>
            <WaitlistForm />
          </Suspense>
        ) : (
          <FormPlaceholder loading={false} />
        )}
      </Box>
    </Reveal>
  );
}

/** Keeps the form's place; it pulses only while the form loads, not while it waits off screen. */
function FormPlaceholder({ loading }: { loading: boolean }) {
  const variant = loading ? "pulse" : "none";
  return (
    <Stack gap={5} aria-hidden>
      <Skeleton h={10} borderRadius="md" variant={variant} />
      <Skeleton h={10} borderRadius="md" variant={variant} />
      <Skeleton h={10} borderRadius="md" variant={variant} />
      <Skeleton h={12} borderRadius="md" variant={variant} />
    </Stack>
  );
}
