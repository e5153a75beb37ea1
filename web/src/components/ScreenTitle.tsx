// A screen's heading: the ritual title and one line saying what the screen is for.
import { Box, Heading, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

type Props = { title: ReactNode; subtitle?: ReactNode; eyebrow?: string; align?: "start" | "center" };

export function ScreenTitle({ title, subtitle, eyebrow, align = "start" }: Props) {
  return (
    <Box textAlign={align} mt={{ base: 4, md: 8 }} mb={{ base: 6, md: 10 }}>
      {eyebrow && (
        <Text textStyle="eyebrow" color="accent.violet" mb={2}>
          {eyebrow}
        </Text>
      )}
      <Heading as="h1" textStyle="screenTitle" lineHeight="1.15">
        {title}
      </Heading>
      {subtitle && (
        <Text color="fg.muted" mt={3} maxW="2xl" mx={align === "center" ? "auto" : undefined}>
          {subtitle}
        </Text>
      )}
    </Box>
  );
}
