// A section that fades in once, the first time 10 % of it is visible (spec 2 and 9).
import { Box, type BoxProps } from "@chakra-ui/react";
import { useSeenOnce } from "./useSeenOnce";

export function Reveal({ children, ...props }: BoxProps) {
  const [ref, seen] = useSeenOnce<HTMLDivElement>();
  return (
    <Box
      ref={ref}
      data-revealed={seen}
      opacity={seen ? 1 : 0}
      transform={seen ? "none" : "translateY(24px)"}
      transition="opacity 0.9s ease, transform 0.9s ease"
      {...props}
    >
      {children}
    </Box>
  );
}
