// The product's two buttons (theme/recipes.ts `buttonVariants`): RitualButton for the one act
// a screen is for, VeilButton for the rest. The variant names are typed from the theme
// (`npm run generate:theme`).
import { Button, type ButtonProps } from "@chakra-ui/react";
import { forwardRef } from "react";

export const RitualButton = forwardRef<HTMLButtonElement, ButtonProps>(function RitualButton(props, ref) {
  return <Button ref={ref} {...props} variant="ritual" />;
});

export const VeilButton = forwardRef<HTMLButtonElement, ButtonProps>(function VeilButton(props, ref) {
  return <Button ref={ref} {...props} variant="veil" />;
});
