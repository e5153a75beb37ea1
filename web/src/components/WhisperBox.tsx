// The whisper box (spec 2, 4): an invocation typed or one of three glyph rituals, and the
// agent's answer under '{name} responds...'. Used on the profile and, in embed mode, in frames.
import { Box, Flex, Link, Stack, Text, Textarea, chakra } from "@chakra-ui/react";
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from "react";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import type { WhisperBox_agent$key } from "../__generated__/WhisperBox_agent.graphql";
import { paths, pathTo } from "@nomina/shared/paths";
import { panelRecipe } from "../theme/recipes";
import { RitualButton } from "./Buttons";
import { useAgentAnswer, type GlyphType } from "./useAgentAnswer";
import { usePrefersReducedMotion } from "./usePrefersReducedMotion";

const Panel = chakra("section", panelRecipe);
const RitualGlyph = chakra("button");

/** Spec 9: an embed's initial message is sent one second after the page opens. */
export const AUTO_SEND_DELAY_MS = 1_000;

export const GLYPH_RITUALS: { id: GlyphType; label: string; glyph: string }[] = [
  { id: "truth", label: "Offer a Truth", glyph: "☼" },
  { id: "poem", label: "Gift a Poem", glyph: "❦" },
  { id: "secret", label: "Reveal a Secret", glyph: "◬" },
];

const fragment = graphql`
  fragment WhisperBox_agent on Agent {
    id
    name
  }
`;

type Props = {
  agent: WhisperBox_agent$key;
  /** Show the three glyph rituals (spec: when glyphs are enabled). */
  glyphs?: boolean;
  autoFocus?: boolean;
  /** Compact, and links leave the frame for the product's site. */
  embed?: boolean;
  /** Sent on its own after AUTO_SEND_DELAY_MS (embeds' `whisper` parameter). */
  initialMessage?: string | null;
};

export function WhisperBox({ agent, glyphs = true, autoFocus = false, embed = false, initialMessage }: Props) {
  const data = useFragment(fragment, agent);
  const { response, pending, whisperId, mode, ask } = useAgentAnswer(data.id);
  const [message, setMessage] = useState(() => initialMessage?.trim() ?? "");
  const answerRef = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const autoSend = useEffectEvent((text: string) => ask(text));

  useEffect(() => {
    const text = initialMessage?.trim();
    if (!text) return;
    const timer = window.setTimeout(() => autoSend(text), AUTO_SEND_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [initialMessage]);

  const answered = !pending && response !== "";
  useEffect(() => {
    if (!answered || !answerRef.current) return;
    // In a frame, scroll only the frame's own content, never the page around it.
    if (embed) answerRef.current.parentElement?.scrollTo?.({ top: answerRef.current.offsetTop });
    else answerRef.current.scrollIntoView({ block: "nearest", behavior: reducedMotion ? "auto" : "smooth" });
  }, [answered, embed, reducedMotion]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = message.trim();
    if (!text || pending) return;
    ask(text);
  };

  const ritual = (glyphType: GlyphType) => {
    setMessage("");
    ask("", glyphType);
  };

  const whisperLink = whisperId ? pathTo(paths.whisper, { id: whisperId }) : null;

  return (
    <Panel aria-labelledby="whisper-title" p={embed ? 4 : { base: 5, md: 8 }}>
      <Text id="whisper-title" as="h2" textStyle="ritualLabel" fontSize={embed ? "md" : "xl"} mb={4}>
        Whisper to {data.name}
      </Text>
      <form onSubmit={submit}>
        <Stack gap={4}>
          <Textarea
            aria-label={`Your invocation to ${data.name}`}
            placeholder="Enter your invocation..."
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            disabled={pending}
            autoFocus={autoFocus}
            rows={embed ? 2 : 3}
            bg="surface"
            borderColor="border"
          />
          <Flex gap={3} wrap="wrap" align="center">
            <RitualButton type="submit" disabled={pending || message.trim() === ""} size={embed ? "sm" : "md"}>
              {pending ? "SUMMONING..." : "SUMMON RESPONSE"}
            </RitualButton>
            {glyphs &&
              GLYPH_RITUALS.map((rite) => (
                <RitualGlyph
                  key={rite.id}
                  type="button"
                  data-glyph={rite.id}
                  onClick={() => ritual(rite.id)}
                  disabled={pending}
                  display="inline-flex"
                  alignItems="center"
                  gap={2}
                  px={3}
                  py={2}
                  borderRadius="full"
                  borderWidth="1px"
                  borderColor="border"
                  color="fg.muted"
                  fontSize="sm"
                  cursor="pointer"
                  _hover={{ borderColor: "border.glow", color: "fg", boxShadow: "glowViolet" }}
                  _disabled={{ opacity: 0.5, cursor: "not-allowed" }}
                >
                  <chakra.span aria-hidden color="glow.violet" fontSize="lg" textShadow="0 0 8px rgba(192,132,252,0.7)">
                    {rite.glyph}
                  </chakra.span>
                  {rite.label}
                </RitualGlyph>
              ))}
          </Flex>
        </Stack>
      </form>
      <Box aria-live="polite" mt={pending || answered ? 6 : 0}>
        {pending && !response && (
          <Text role="status" textStyle="terminalNotice" color="accent.violet" textShadow="glowText" animation="pulseGlow">
            The void whispers back...
          </Text>
        )}
        {(answered || (pending && response)) && (
          <Box ref={answerRef} borderInlineStartWidth="2px" borderColor="accent" ps={4}>
            <Text textStyle="terminalBody" color="accent" mb={2}>
              {data.name} responds...
            </Text>
            <Text whiteSpace="pre-wrap" lineHeight="1.7" data-testid="agent-response">
              {response}
            </Text>
            {answered && (
              <Flex gap={4} mt={3} textStyle="caption" color="fg.subtle" wrap="wrap">
                {mode === "oracle" && <Text>answered by the offline oracle</Text>}
                {whisperLink &&
                  (embed ? (
                    <Link href={whisperLink} target="_blank" rel="noopener" color="accent">
                      share this whisper ↗
                    </Link>
                  ) : (
                    <Link asChild color="accent">
                      <RouterLink to={whisperLink}>share this whisper →</RouterLink>
                    </Link>
                  ))}
              </Flex>
            )}
          </Box>
        )}
      </Box>
    </Panel>
  );
}
