// A voice's state in words: people (and screen readers) should not have to read a colour.
import { Badge } from "@chakra-ui/react";
import type { VoiceState } from "./councilStream";

const LOOK: Record<VoiceState["status"], { text: string; palette: string }> = {
  waiting: { text: "Silent", palette: "gray" },
  speaking: { text: "Speaking", palette: "cyan" },
  answered: { text: "Answered", palette: "green" },
  failed: { text: "Failed", palette: "red" },
  // Stopped by the asker: calm, not an alarm.
  stopped: { text: "Stopped", palette: "gray" },
};

export function VoiceStatus({ status }: { status: VoiceState["status"] }) {
  const look = LOOK[status];
  return (
    <Badge variant="subtle" colorPalette={look.palette} textStyle="terminal" textTransform="uppercase" flexShrink={0}>
      {look.text}
    </Badge>
  );
}
