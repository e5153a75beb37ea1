// The whisper box (spec 2, 4; issue #16): a thread with the agent. Earlier turns show above;
// an invocation typed or one of three glyph rituals continues the open thread (a new one on the
// first message), and 'New conversation' starts afresh. Above the input, who the visitor speaks
// as; under it, what the agent remembers about them (#27; neither in an embed). Used on the
// profile and, in embed mode, in frames.
import { Box, Flex, Stack, Text, Textarea, chakra } from "@chakra-ui/react";
import { Suspense, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { graphql, useFragment } from "react-relay";
import type { WhisperBox_agent$key } from "../__generated__/WhisperBox_agent.graphql";
import { agentThreadsConnection, conversationsConnection } from "../relay/connections";
import { panelRecipe } from "../theme/recipes";
import { RitualButton, VeilButton } from "./Buttons";
import { AllowanceLine, ritualsLeftText, useRitualsLeft } from "./DailyAllowance";
import { MemoryPanel } from "./mind/MemoryPanel";
import { SpeakingAs } from "./mind/SpeakingAs";
import { OpenThread } from "./OpenThread";
import { PanelBoundary } from "./PanelBoundary";
import { Greeting } from "./Greeting";
import { GLYPH_RITUALS } from "./rituals";
import { useAgentAnswer, type GlyphType } from "./useAgentAnswer";

export { GLYPH_RITUALS };

const Panel = chakra("section", panelRecipe);
const RitualGlyph = chakra("button");

/** The whisper box's input, by id: one box a page. */
const INPUT_ID = "whisper-input";

/**
 * A page's address with this fragment opens at the whisper box's input, focused ("Talk to it"):
 * the router's scroll restoration finds the input by it, and the profile focuses it.
 */
export const TALK_HASH = `#${INPUT_ID}`;

/** The address of "Talk to it": an agent's page, opened at its whisper box's input. */
export const talkPath = (agentPage: string) => `${agentPage}${TALK_HASH}`;

/** Brings the whisper box's input into view with the focus in it, as a chat opens at its input. */
export function focusWhisperInput() {
  const input = document.getElementById(INPUT_ID);
  if (!input) return;
  input.focus({ preventScroll: true });
  input.scrollIntoView({ block: "center" });
}

/** Spec 9: an embed's initial message is sent one second after the page opens. */
export const AUTO_SEND_DELAY_MS = 1_000;

const fragment = graphql`
  fragment WhisperBox_agent on Agent {
    id
    name
    greeting
    alternateGreetings
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
  /** The open thread, when the page chooses it (the profile's "your threads"); else the box keeps its own. */
  conversationId?: string | null;
  onConversationChange?: (conversationId: string | null) => void;
  /** Where "New conversation" leads, when the page holds one thread only (the thread's own page). */
  onNewConversation?: () => void;
};

export function WhisperBox({
  agent,
  glyphs = true,
  autoFocus = false,
  embed = false,
  initialMessage,
  conversationId: chosen,
  onConversationChange,
  onNewConversation,
}: Props) {
  const data = useFragment(fragment, agent);
  const [own, setOwn] = useState<string | null>(null);
  const conversationId = chosen === undefined ? own : chosen;
  const setConversation = useCallback((id: string | null) => (onConversationChange ? onConversationChange(id) : setOwn(id)), [onConversationChange]);
  const connections = useMemo(() => [conversationsConnection(), agentThreadsConnection(data.id)], [data.id]);
  const [message, setMessage] = useState(() => initialMessage?.trim() ?? "");
  // What was last sent: a failed send puts it back in an empty box, so nothing typed is lost.
  const sent = useRef("");
  const restore = useCallback(() => setMessage((current) => (current === "" ? sent.current : current)), []);
  // What was last said (sent or edited): the memory panel watches for a note after words about oneself.
  const [lastSaid, setLastSaid] = useState("");
  // Who a new thread speaks as (#27): undefined until chosen, the default persona then.
  const [speakAs, setSpeakAs] = useState<string | null | undefined>(undefined);
  const { live, ask, regenerate, edit, resume, stop } = useAgentAnswer({
    agentId: data.id,
    conversationId,
    onConversation: setConversation,
    connections,
    onFailure: restore,
    personaId: speakAs,
  });
  // A new thread opens with the greeting on screen (swiped to among the agent's greetings).
  const greetings = useMemo(
    () => [data.greeting, ...data.alternateGreetings].filter((text): text is string => Boolean(text?.trim())),
    [data.greeting, data.alternateGreetings],
  );
  const [greetingIndex, setGreetingIndex] = useState(0);
  const opening = greetings.length > 0 ? Math.min(greetingIndex, greetings.length - 1) : null;
  const autoSend = useEffectEvent((text: string) => ask(text, undefined, opening));
  const pending = live.pending;

  useEffect(() => {
    const text = initialMessage?.trim();
    if (!text) return;
    const timer = window.setTimeout(() => autoSend(text), AUTO_SEND_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [initialMessage]);

  const send = () => {
    const text = message.trim();
    if (!text || pending) return;
    sent.current = message;
    setLastSaid(text);
    ask(text, undefined, opening);
    // As in the chats people know: the box empties for the next message and keeps the focus.
    setMessage("");
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  /** Enter sends, Shift+Enter is a new line (and Enter while an input method composes is its own); Escape stops the answer. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    } else if (event.key === "Escape" && pending) {
      event.preventDefault();
      stop();
    }
  };

  // Each act that ends (answered or refused) reads the day's allowance again.
  const [acts, setActs] = useState(0);
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !pending) setActs((n) => n + 1);
    wasPending.current = pending;
  }, [pending]);

  const editMessage = (messageId: string, text: string) => {
    setLastSaid(text);
    edit(messageId, text);
  };

  const ritual = (glyphType: GlyphType) => {
    sent.current = "";
    setLastSaid("");
    setMessage("");
    ask("", glyphType, opening);
  };

  return (
    <Panel aria-labelledby="whisper-title" p={embed ? 4 : { base: 5, md: 8 }}>
      <Flex justify="space-between" align="center" gap={3} wrap="wrap" mb={4}>
        <Text id="whisper-title" as="h2" textStyle="ritualLabel" fontSize={embed ? "md" : "xl"}>
          Whisper to {data.name}
        </Text>
        {conversationId && (
          <VeilButton size="xs" onClick={() => (onNewConversation ? onNewConversation() : setConversation(null))} disabled={pending}>
            <chakra.span aria-hidden color="glow.violet">
              ✦
            </chakra.span>
            New conversation
          </VeilButton>
        )}
      </Flex>
      <Stack gap={5} aria-live="polite" mb={conversationId || pending || opening !== null ? 6 : 0}>
        {!conversationId && opening !== null && (
          <Greeting agentName={data.name} greetings={greetings} index={opening} onIndexChange={setGreetingIndex} disabled={pending} />
        )}
        {conversationId && (
          <PanelBoundary loading="Recalling the thread..." failure="This thread could not be recalled">
            <OpenThread
              conversationId={conversationId}
              agentId={data.id}
              agentName={data.name}
              live={live}
              actions={{ stop, regenerate, edit: editMessage, resume }}
              embed={embed}
              onShown={autoFocus ? focusWhisperInput : undefined}
            />
          </PanelBoundary>
        )}
        {pending && !live.messageId && (
          <Text role="status" textStyle="terminalNotice" color="accent.violet" textShadow="glowText" animation="pulseGlow">
            The void whispers back...
          </Text>
        )}
      </Stack>
      <form onSubmit={submit}>
        <Stack gap={4}>
          {!embed && (
            <Flex>
              <SpeakingAs conversationId={conversationId} choice={speakAs} onChoice={setSpeakAs} />
            </Flex>
          )}
          <Textarea
            id={INPUT_ID}
            aria-label={`Your invocation to ${data.name}`}
            placeholder="Enter your invocation..."
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            onKeyDown={onKeyDown}
            aria-keyshortcuts="Enter Shift+Enter Escape"
            autoFocus={autoFocus}
            rows={embed ? 2 : 3}
            bg="surface"
            borderColor="border"
          />
          <Flex gap={3} wrap="wrap" align="center">
            <RitualButton type="submit" disabled={pending || message.trim() === ""} size={embed ? "sm" : "md"}>
              {pending ? "SUMMONING..." : "SUMMON RESPONSE"}
            </RitualButton>
            {glyphs && (
              <Suspense fallback={<GlyphRituals pending={pending} onRitual={ritual} />}>
                <GlyphRitualsToday pending={pending} onRitual={ritual} fetchKey={acts} />
              </Suspense>
            )}
          </Flex>
        </Stack>
      </form>
      {!embed && <MemoryPanel agentId={data.id} agentName={data.name} conversationId={conversationId} answers={acts} lastSaid={lastSaid} />}
    </Panel>
  );
}

type RitualProps = { pending: boolean; onRitual: (glyphType: GlyphType) => void };

/** The three rituals with what is left of them today; spent, they are disabled and say how to earn more. */
function GlyphRitualsToday({ pending, onRitual, fetchKey }: RitualProps & { fetchKey: number }) {
  const left = useRitualsLeft(fetchKey);
  if (left == null) return <GlyphRituals pending={pending} onRitual={onRitual} />;
  return (
    <>
      <GlyphRituals pending={pending} onRitual={onRitual} spent={left === 0} />
      <Box flexBasis="100%">
        <AllowanceLine id="rituals-left" text={ritualsLeftText(left)} low={left === 0} />
      </Box>
    </>
  );
}

function GlyphRituals({ pending, onRitual, spent = false }: RitualProps & { spent?: boolean }) {
  return GLYPH_RITUALS.map((rite) => (
    <RitualGlyph
      key={rite.id}
      type="button"
      data-glyph={rite.id}
      onClick={() => onRitual(rite.id)}
      disabled={pending || spent}
      aria-describedby={spent ? "rituals-left" : undefined}
      display="inline-flex"
      alignItems="center"
      gap={2}
      px={3}
      py={2}
      borderRadius="full"
      borderWidth="1px"
      borderColor="border"
      bg="veil"
      color="fg.muted"
      fontSize="sm"
      cursor="pointer"
      _hover={{ borderColor: "border.glow", color: "fg", boxShadow: "glowViolet" }}
      _disabled={{ color: "fg.subtle", cursor: "not-allowed", _hover: { borderColor: "border", color: "fg.subtle", boxShadow: "none" } }}
    >
      <chakra.span aria-hidden color="glow.violet" fontSize="lg" textShadow="glowGlyphViolet" opacity={pending || spent ? 0.5 : 1}>
        {rite.glyph}
      </chakra.span>
      {rite.label}
    </RitualGlyph>
  ));
}
