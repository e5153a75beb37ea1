// The product's two buttons (theme/recipes.ts `buttonVariants`): RitualButton for the one act
// a screen is for, VeilButton for the rest. Chakra's variant types are generated from its own
// recipes only, so the added variant names are passed through here, once.
import { Button, type ButtonProps } from "@chakra-ui/react";
import { forwardRef } from "react";

type Variant = ButtonProps["variant"];

export const RitualButton = forwardRef<HTMLButtonElement, ButtonProps>(function RitualButton(props, ref) {
  return <Button ref={ref} {...props} variant={"ritual" as Variant} />;
});

export const VeilButton = forwardRef<HTMLButtonElement, ButtonProps>(function VeilButton(props, ref) {
  return <Button ref={ref} {...props} variant={"veil" as Variant} />;
});
