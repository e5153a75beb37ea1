// A row of a personal list (a notification, a shared thread or session): raised above the panel
// it sits in rather than a panel of its own, its edge lit while something inside has focus.
import { chakra } from "@chakra-ui/react";

export const RaisedRow = chakra("li", {
  base: {
    bg: "surface.raised",
    borderWidth: "1px",
    borderColor: "border",
    borderRadius: "lg",
    transition: "border-color 0.2s",
    _focusWithin: { borderColor: "border.glow" },
  },
});
