// A conclave's page (#28): its agents with what each said and cost, the turn order (its owner may
// change it), Share, and the thread as a single agent's is shown (WhisperThread: every answer
// labelled by its speaker, with Regenerate, Continue, Edit, sibling arrows, Share and Delete,
// asked through useAgentAnswer as in a whisper box). For its owner, the input: a message answered
// by the agent the turn order names (or the one picked by hand), optionally with the others going
// on after it, or "Let them talk" alone. Each speaker's words stream as they are spoken; Stop ends
// the agent speaking and the run.
import { Box, Checkbox, Flex, NativeSelect, Stack, Text, Textarea, chakra } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { graphql, requestSubscription, useRefetchableFragment, useRelayEnvironment } from "react-relay";
import type { Disposable } from "relay-runtime";
import { CONCLAVE_MAX_TURNS, TURN_ORDER_LABELS, type TurnOrder } from "@nomina/shared/conclaves";
import type { ConclaveThread_conversation$key } from "../../__generated__/ConclaveThread_conversation.graphql";
import type { ConclaveThreadTurnsSubscription } from "../../__generated__/ConclaveThreadTurnsSubscription.graphql";
import { RitualButton, VeilButton } from "../../components/Buttons";
import { ChoiceSelect } from "../../components/ChoiceSelect";
import { Glyph } from "../../components/Glyph";
import { Markdown } from "../../components/Markdown";
import { notify } from "../../components/Toaster";
import { useAgentAnswer } from "../../components/useAgentAnswer";
import { WhisperThread } from "../../components/WhisperThread";
import { useSetConclaveTurnOrderMutation } from "../../mutations/useSetConclaveTurnOrderMutation";
import { useStopMessageMutation } from "../../mutations/useStopMessageMutation";
import { errorMessage } from "../../relay/errors";
import { panelRecipe } from "../../theme/recipes";
import { OwnerBar } from "../Conversation/OwnerBar";
import { TurnOrderSelect } from "./TurnOrderSelect";

const Panel = chakra("article", panelRecipe);

/** How many turns the agents may talk without you: from two up to the most a conclave speaks at a time. */
const TURN_COUNTS = Array.from({ length: CONCLAVE_MAX_TURNS - 1 }, (_, index) => String(index + 2)).map((count) => ({ value: count, label: count }));

const fragment = graphql`
  fragment ConclaveThread_conversation on Conversation @refetchable(queryName: "ConclaveThreadRefetchQuery") {
    id
    rawId
    title
    isMine
    turnOrder
    agent {
      id
    }
    participants {
      answerCount
      costUsd
      agent {
        id
        name
        glyph
      }
    }
    latest: messages(last: 1) {
      edges {
        __typename
      }
    }
    ...OwnerBar_conversation
    ...WhisperThread_conversation
  }
`;

const turnsSubscription = graphql`
  subscription ConclaveThreadTurnsSubscription($input: ConclaveTurnsInput!) {
    conclaveTurns(input: $input) {
      delta
      turnDone
      done
      stopped
      response
      error
      speaker {
        name
        glyph
      }
      message {
        id
      }
    }
  }
`;

type Live = { messageId: string; speaker: string; glyph: string; text: string; status: "streaming" | "complete" | "stopped" };

const money = (usd: number) => (usd === 0 ? "$0" : usd < 0.01 ? "<$0.01" : `$${usd.toFixed(2)}`);

export function ConclaveThread({ conversation: key }: { conversation: ConclaveThread_conversation$key }) {
  const [conversation, refetch] = useRefetchableFragment(fragment, key);
  const environment = useRelayEnvironment();
  const [stop] = useStopMessageMutation();
  const [setTurnOrder, settingOrder] = useSetConclaveTurnOrderMutation();
  const [message, setMessage] = useState("");
  const [speakerId, setSpeakerId] = useState("");
  const [letThemTalk, setLetThemTalk] = useState(false);
  const [talkTurns, setTalkTurns] = useState(3);
  const [live, setLive] = useState<Live[]>([]);
  const [question, setQuestion] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const subscription = useRef<Disposable | null>(null);
  useEffect(() => () => subscription.current?.dispose(), []);
  // One answer asked again, edited or continued: as in a whisper box, through the speaker's thread.
  const answer = useAgentAnswer({ agentId: conversation.agent.id, conversationId: conversation.rawId, onConversation: () => undefined, connections: [] });
  const answering = answer.live.pending;
  const wasAnswering = useRef(false);
  useEffect(() => {
    // Once such an answer has ended, the agents' counts and costs are read again.
    if (wasAnswering.current && !answering) refetch({}, { fetchPolicy: "network-only" });
    wasAnswering.current = answering;
  }, [answering, refetch]);
  const order = conversation.turnOrder ?? "in_turn";
  const byHand = order === "by_hand";
  const seats = conversation.participants;
  const speaking = live.find((turn) => turn.status === "streaming");
  const busy = running || answering;

  const changeOrder = (next: TurnOrder) => {
    if (next === order) return;
    setSpeakerId("");
    setTurnOrder(conversation.id, next, {
      onCompleted: () => notify("info", "Turn order changed", `From now on: ${TURN_ORDER_LABELS[next].toLowerCase()}.`),
      onError: (error) => notify("error", "Could not change the turn order", errorMessage(error, "Try again in a moment")),
    });
  };

  const run = (input: { message?: string; speakerId?: string; turns: number }) => {
    setRunning(true);
    setLive([]);
    setQuestion(input.message ?? null);
    subscription.current = requestSubscription<ConclaveThreadTurnsSubscription>(environment, {
      subscription: turnsSubscription,
      variables: { input: { conversationId: conversation.id, ...input } },
      onNext: (data) => {
        const event = data?.conclaveTurns;
        if (!event) return;
        if (event.done) {
          if (event.error) notify("error", "The conclave fell quiet", event.error);
          finish();
          return;
        }
        setLive((turns) => {
          if (event.message && !event.turnDone && event.delta === "" && event.speaker && !turns.some((turn) => turn.messageId === event.message!.id)) {
            return [...turns, { messageId: event.message.id, speaker: event.speaker.name, glyph: event.speaker.glyph, text: "", status: "streaming" }];
          }
          return turns.map((turn, index) => {
            if (event.turnDone && turn.messageId === event.message?.id)
              return { ...turn, text: event.response ?? turn.text, status: event.stopped ? "stopped" : "complete" };
            if (!event.turnDone && event.delta && index === turns.length - 1) return { ...turn, text: turn.text + event.delta };
            return turn;
          });
        });
      },
      onError: (error) => {
        notify("error", "The conclave could not speak", errorMessage(error, "Try again in a moment"));
        finish();
      },
    });
  };

  const finish = () => {
    refetch(
      {},
      {
        fetchPolicy: "network-only",
        onComplete: () => {
          setLive([]);
          setQuestion(null);
          setRunning(false);
        },
      },
    );
  };

  const send = () => {
    const words = message.trim();
    if (!words) return;
    if (byHand && !speakerId) return void notify("error", "Pick who answers", "In this conclave you choose who speaks next.");
    setMessage("");
    run({ message: words, ...(speakerId ? { speakerId } : {}), turns: letThemTalk ? talkTurns : 1 });
  };

  const empty = conversation.latest.edges.length === 0;
  return (
    <Panel p={{ base: 4, md: 8 }} boxShadow="glowViolet">
      <Text textStyle="pageMark" color="accent.violet">
        CONCLAVE
      </Text>
      <Text as="h1" fontFamily="heading" fontSize={{ base: "xl", md: "3xl" }} lineHeight="1.2" mt={2}>
        {conversation.title}
      </Text>
      {conversation.isMine ? (
        <Flex mt={2} gap={3} align="center" wrap="wrap">
          <chakra.label htmlFor="conclave-order" color="fg.muted">
            Turn order
          </chakra.label>
          <TurnOrderSelect id="conclave-order" size="sm" width="auto" disabled={busy || settingOrder} value={order} onChange={changeOrder} />
          <Text color="fg.muted">{seats.length} agents</Text>
        </Flex>
      ) : (
        <Text color="fg.muted" mt={1}>
          {TURN_ORDER_LABELS[order]} · {seats.length} agents
        </Text>
      )}
      <Flex as="ul" aria-label="The conclave's agents" listStyleType="none" gap={3} mt={4} wrap="wrap">
        {seats.map((seat) => (
          <Flex as="li" key={seat.agent.id} align="center" gap={2} borderWidth="1px" borderColor="border" borderRadius="md" px={3} py={2}>
            <Glyph glyph={seat.agent.glyph} size="sm" label={`${seat.agent.name}'s glyph`} />
            <Box>
              <Text fontWeight="semibold">{seat.agent.name}</Text>
              <Text textStyle="caption" color="fg.muted">
                {seat.answerCount} {seat.answerCount === 1 ? "answer" : "answers"} · {money(seat.costUsd)}
              </Text>
            </Box>
          </Flex>
        ))}
      </Flex>

      {conversation.isMine && <OwnerBar conversation={conversation} />}

      <Box mt={8}>
        <WhisperThread
          conversation={conversation}
          agentName="the conclave"
          live={running ? { ...answer.live, pending: true } : answer.live}
          actions={conversation.isMine ? { stop: answer.stop, regenerate: answer.regenerate, edit: answer.edit, resume: answer.resume } : undefined}
        />
        {(question !== null || live.length > 0) && (
          <Stack as="ol" listStyleType="none" gap={4} mt={5} aria-label="The conclave speaking">
            {question !== null && <Turn who="You" glyph={null} text={question} status="complete" mine />}
            {live.map((turn) => (
              <Turn key={turn.messageId} who={turn.speaker} glyph={turn.glyph} text={turn.text} status={turn.status} mine={false} />
            ))}
          </Stack>
        )}
        {empty && live.length === 0 && question === null && <Text color="fg.muted">No one has spoken yet. Say something to the conclave.</Text>}
      </Box>

      {conversation.isMine && (
        <Box mt={8} borderTopWidth="1px" borderColor="border" pt={6}>
          <chakra.label htmlFor="conclave-message" fontWeight="semibold" display="block">
            Your message
          </chakra.label>
          <Textarea
            id="conclave-message"
            mt={2}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.shiftKey && !busy) {
                event.preventDefault();
                send();
              }
            }}
            placeholder={order === "addressed" ? "Name an agent to ask it..." : "Speak to the conclave..."}
            bg="surface"
            borderColor="border"
            rows={3}
            maxLength={2000}
          />
          <Flex mt={3} gap={4} wrap="wrap" align="center">
            <Box>
              <chakra.label htmlFor="conclave-speaker" textStyle="caption" color="fg.muted" display="block">
                Who answers
              </chakra.label>
              <NativeSelect.Root size="sm" mt={1} width="auto">
                <NativeSelect.Field
                  id="conclave-speaker"
                  value={speakerId}
                  onChange={(event) => setSpeakerId(event.target.value)}
                  bg="surface"
                  borderColor="border"
                >
                  {!byHand && <option value="">{TURN_ORDER_LABELS[order]}</option>}
                  {byHand && <option value="">Pick an agent</option>}
                  {seats.map((seat) => (
                    <option key={seat.agent.id} value={seat.agent.id}>
                      {seat.agent.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Box>
            <Checkbox.Root
              checked={letThemTalk}
              onCheckedChange={(details) => setLetThemTalk(details.checked === true)}
              display="flex"
              alignItems="center"
              gap={2}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Then let them talk</Checkbox.Label>
            </Checkbox.Root>
            <Box>
              <chakra.label htmlFor="conclave-turns" textStyle="caption" color="fg.muted" display="block">
                Turns without you
              </chakra.label>
              <ChoiceSelect
                id="conclave-turns"
                size="sm"
                mt={1}
                width="auto"
                value={String(talkTurns)}
                choices={TURN_COUNTS}
                onChange={(count) => setTalkTurns(Number(count))}
              />
            </Box>
          </Flex>
          <Flex mt={4} gap={3} justify="flex-end" wrap="wrap">
            {running ? (
              <VeilButton
                onClick={() =>
                  speaking &&
                  stop(speaking.messageId, {
                    onCompleted: () => undefined,
                    onError: (error) => notify("error", "Could not stop", errorMessage(error, "Try again")),
                  })
                }
                disabled={!speaking}
              >
                Stop
              </VeilButton>
            ) : (
              <VeilButton onClick={() => run({ turns: talkTurns })} disabled={empty || answering}>
                Let them talk
              </VeilButton>
            )}
            <RitualButton onClick={send} loading={running} disabled={!message.trim() || answering}>
              Send
            </RitualButton>
          </Flex>
        </Box>
      )}
    </Panel>
  );
}

function Turn({ who, glyph, text, status, mine }: { who: string; glyph: string | null; text: string; status: string; mine: boolean }) {
  return (
    <Box as="li" aria-label={`${who} said`} data-status={status} borderLeftWidth="2px" borderColor={mine ? "accent.cyan" : "accent.violet"} pl={4}>
      <Flex align="center" gap={2}>
        {glyph && <Glyph glyph={glyph} size="sm" label={`${who}'s glyph`} />}
        <Text fontWeight="semibold">{who}</Text>
        {status === "streaming" && (
          <Text textStyle="caption" color="fg.muted">
            speaking...
          </Text>
        )}
        {status === "stopped" && (
          <Text textStyle="caption" color="fg.muted">
            stopped
          </Text>
        )}
        {status === "failed" && (
          <Text textStyle="caption" color="danger">
            could not answer
          </Text>
        )}
      </Flex>
      <Box mt={1}>{mine ? <Text whiteSpace="pre-wrap">{text}</Text> : <Markdown text={text} />}</Box>
    </Box>
  );
}
