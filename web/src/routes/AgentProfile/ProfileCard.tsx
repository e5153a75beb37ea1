// A titled card of the profile, and the labelled facts inside it.
import { Box, Heading, Text, chakra } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { panelRecipe } from "../../theme/recipes";

const Panel = chakra("section", panelRecipe);

export function ProfileCard({ title, icon, children }: { title: string; icon: string; children: ReactNode }) {
  const id = `card-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Panel aria-labelledby={id} p={{ base: 5, md: 7 }}>
      <Heading id={id} as="h2" textStyle="ritualTitle" fontSize="xl" mb={5} display="flex" alignItems="center" gap={3}>
        <Text as="span" aria-hidden color="glow.violet" textShadow="glowGlyphViolet">
          {icon}
        </Text>
        {title}
      </Heading>
      {children}
    </Panel>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text textStyle="fieldLabel" color="accent.violet" mb={1}>
        {label}
      </Text>
      <Box color="fg">{children}</Box>
    </Box>
  );
}

export function Chips({ items, empty }: { items: readonly string[]; empty: string }) {
  if (items.length === 0) return <Text color="fg.subtle">{empty}</Text>;
  return (
    <chakra.ul display="flex" flexWrap="wrap" gap={2} listStyle="none">
      {items.map((item) => (
        <chakra.li key={item} px={3} py={1} borderRadius="full" borderWidth="1px" borderColor="border" bg="glow.cyan/6" fontSize="sm">
          {item}
        </chakra.li>
      ))}
    </chakra.ul>
  );
}
