// The one act a form is for: a luminous button with dark text (readable: white on the palette's
// solid cyan falls short of 4.5:1).
import { Button, type ButtonProps } from "@chakra-ui/react";
import { forwardRef } from "react";

type Props = ButtonProps & { glow?: "cyan" | "violet" };

const GLOWS = {
  cyan: { bg: "glow.cyan", shadow: "glowCyan" },
  violet: { bg: "glow.violet", shadow: "glowViolet" },
} as const;

export const GlowButton = forwardRef<HTMLButtonElement, Props>(function GlowButton({ glow = "cyan", ...props }, ref) {
  const look = GLOWS[glow];
  return (
    <Button
      ref={ref}
      bg={look.bg}
      color="void.950"
      textStyle="ritualLabel"
      fontWeight="semibold"
      _hover={{ boxShadow: look.shadow, filter: "brightness(1.08)" }}
      _disabled={{ opacity: 0.5 }}
      {...props}
    />
  );
});
