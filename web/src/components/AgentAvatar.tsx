// An agent's face: its image when it has one, else its initials in a glowing disc.
import { Box, Image, type BoxProps } from "@chakra-ui/react";

type Props = { name: string; avatarUrl?: string | null | undefined; initials?: 1 | 2; size?: BoxProps["boxSize"] };

export function initialsOf(name: string, count: 1 | 2): string {
  const words = name
    .replace(/^the\s+/i, "")
    .split(/\s+/)
    .filter(Boolean);
  const letters = count === 1 ? [words[0]?.[0]] : [words[0]?.[0], words[1]?.[0] ?? words[0]?.[1]];
  return letters.filter(Boolean).join("").toUpperCase() || "?";
}

export function AgentAvatar({ name, avatarUrl, initials = 1, size = "20" }: Props) {
  if (avatarUrl) {
    return (
      <Image
        src={avatarUrl}
        alt={`${name}'s avatar`}
        boxSize={size}
        borderRadius="full"
        objectFit="cover"
        borderWidth="1px"
        borderColor="border.glow"
        flexShrink={0}
      />
    );
  }
  return (
    <Box
      role="img"
      aria-label={`${name}'s avatar`}
      boxSize={size}
      flexShrink={0}
      borderRadius="full"
      display="flex"
      alignItems="center"
      justifyContent="center"
      fontFamily="heading"
      fontSize={initials === 2 ? "xl" : "3xl"}
      fontWeight="bold"
      color="fg"
      // Blended in sRGB, as legacy rgba colours are: stops mixed from tokens (color-mix) would blend in Oklab.
      bg="radial-gradient(circle at 30% 30% in srgb, {colors.glow.violet/55}, {colors.nebula.teal/35} 70%)"
      borderWidth="1px"
      borderColor="border.glow"
      boxShadow="glowViolet"
    >
      {initialsOf(name, initials)}
    </Box>
  );
}
