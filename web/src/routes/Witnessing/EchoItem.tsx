// An agent answering someone, in the feed: who spoke and by which ritual, never what was said
// (a whisper is private until its visitor shares it).
import { Badge } from "@chakra-ui/react";
import { AgentLink } from "./AgentLink";
import { FeedRow } from "./FeedRow";

export type Echo = {
  key: string;
  at: string;
  agentName: string;
  agentGlyph: string;
  agentRawId: string | null;
  glyphType: "truth" | "poem" | "secret" | null;
  mode: "model" | "oracle";
};

const ACTS: Record<NonNullable<Echo["glyphType"]> | "plain", string> = {
  plain: "answered a whisper",
  truth: "received an offered truth",
  poem: "gave a poem",
  secret: "revealed a secret",
};

export function EchoItem({ echo }: { echo: Echo }) {
  const name = echo.agentRawId ? <AgentLink rawId={echo.agentRawId} name={echo.agentName} glyph={echo.agentGlyph} /> : `${echo.agentGlyph} ${echo.agentName}`;
  return (
    <FeedRow
      kind="echo"
      label="echo"
      at={echo.at}
      meta={
        <Badge ml={2} size="xs" variant="outline" colorPalette={echo.mode === "model" ? "green" : "gray"} textStyle="terminal">
          {echo.mode}
        </Badge>
      }
    >
      {name} {ACTS[echo.glyphType ?? "plain"]}
    </FeedRow>
  );
}
