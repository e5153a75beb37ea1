// The agent's turn in a thread (in a conclave, labelled with the agent that spoke it): its words as Markdown (growing while it speaks), whether they
// were stopped or failed, the controls on an answer, who answered (the offline oracle, or the
// model that really spoke: a seat may be bound to a local server or OpenRouter), and where it
// was kept as a whisper.
import { Box, Flex, Link, Text } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { oracleReasonText } from "@nomina/shared/minds";
import { paths, pathTo } from "@nomina/shared/paths";
import type { AgentReply_message$key } from "../__generated__/AgentReply_message.graphql";
import { Markdown } from "./Markdown";
import { ReplyControls, type ThreadRef } from "./ReplyControls";
import { notify } from "./Toaster";
import { useDeleteMessageMutation } from "../mutations/useDeleteMessageMutation";
import { errorMessage } from "../relay/errors";
import type { LiveAnswer } from "./useAgentAnswer";
import { usePrefersReducedMotion } from "./usePrefersReducedMotion";

const fragment = graphql`
  fragment AgentReply_message on Message {
    id
    text
    status
    error
    mode
    isGreeting
    model
    oracleReason
    siblingIndex
    siblingCount
    previousSiblingId
    nextSiblingId
    whisper {
      rawId
    }
    speaker {
      name
    }
  }
`;

export type ReplyActions = {
  stop: () => void;
  regenerate: (messageId: string) => void;
  /** One of the asker's messages sent again with new words (a new branch). */
  edit?: (messageId: string, message: string) => void;
  /** The last answer goes on from where it ended. */
  resume?: (messageId: string, said: string) => void;
};

type Props = {
  message: AgentReply_message$key;
  agentName: string;
  thread: ThreadRef;
  /** Absent on a read-only page: no answer there is being spoken or can be asked again. */
  live?: LiveAnswer;
  actions?: ReplyActions;
  embed?: boolean;
  /** The thread's last turn: the answer that may be continued. */
  last?: boolean;
};

export function AgentReply({ message, agentName, thread, live, actions, embed = false, last = false }: Props) {
  const data = useFragment(fragment, message);
  const [remove] = useDeleteMessageMutation();
  const speaking = live?.pending === true && live.messageId === data.id;
  const text = speaking ? live.text : data.text;
  const ref = useBringIntoView(live?.completedId === data.id, embed);

  if (speaking && text === "") {
    return (
      <Box ps={4}>
        <Text role="status" textStyle="terminalNotice" color="accent.violet" textShadow="glowText" animation="pulseGlow">
          The void whispers back...
        </Text>
        {actions && <ReplyControls messageId={data.id} text="" thread={thread} speaking onStop={actions.stop} />}
      </Box>
    );
  }

  // In a conclave each answer names its own speaker; in a thread with one agent, that agent.
  const speakerName = data.speaker?.name ?? agentName;
  const whisperLink = data.whisper ? pathTo(paths.whisper, { id: data.whisper.rawId }) : null;
  const ended = !speaking && data.status !== "streaming";
  const answeredBy = data.status !== "complete" ? null : data.mode === "oracle" ? "the offline oracle" : data.mode === "model" ? data.model : null;
  return (
    <Box
      ref={ref}
      borderInlineStartWidth="2px"
      borderColor={data.status === "failed" ? "danger" : "accent"}
      ps={4}
      data-status={speaking ? "streaming" : data.status}
    >
      <Text textStyle="terminalBody" color="accent" mb={2}>
        {data.isGreeting ? `${speakerName} greets you...` : `${speakerName} responds...`}
      </Text>
      {text !== "" && <Markdown text={text} testId={data.isGreeting ? "greeting-text" : "agent-response"} />}
      {data.status === "stopped" && !speaking && (
        <Text textStyle="caption" color="accent.violet" mt={2}>
          stopped — the words so far are kept
        </Text>
      )}
      {data.status === "failed" && (
        <Text textStyle="caption" color="danger" mt={2}>
          {data.error ?? "The agent could not answer"}
        </Text>
      )}
      {data.status === "streaming" && !speaking && (
        <Text textStyle="caption" color="fg.subtle" mt={2}>
          still being spoken...
        </Text>
      )}
      {/* The greeting is the agent's opening, not an answer: nothing to ask again, share or delete on its own. */}
      {!data.isGreeting && (
        <ReplyControls
          messageId={data.id}
          text={text}
          thread={thread}
          speaking={speaking}
          busy={live?.pending ?? false}
          readOnly={!actions}
          siblings={{ index: data.siblingIndex, count: data.siblingCount, previousId: data.previousSiblingId ?? null, nextId: data.nextSiblingId ?? null }}
          onStop={actions?.stop}
          onRegenerate={actions && !data.isGreeting ? () => actions.regenerate(data.id) : undefined}
          onContinue={
            actions?.resume && last && (data.status === "complete" || data.status === "stopped") ? () => actions.resume?.(data.id, data.text) : undefined
          }
          onDelete={
            actions && !data.isGreeting
              ? () =>
                  remove(data.id, {
                    onCompleted: (count) =>
                      notify("success", "Deleted", count === 1 ? "The answer is gone." : `The answer and ${count - 1} after it are gone.`),
                    onError: (error) => notify("error", "Could not delete", errorMessage(error, "Try again")),
                  })
              : undefined
          }
        />
      )}
      {ended && (answeredBy || whisperLink) && (
        <Flex gap={4} mt={3} textStyle="caption" color="fg.subtle" wrap="wrap">
          {answeredBy && <Text data-testid="answered-by">answered by {answeredBy}</Text>}
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
      {ended && data.mode === "oracle" && data.status === "complete" && data.oracleReason && (
        <Text textStyle="caption" color="accent.violet" mt={1}>
          {oracleReasonText(data.oracleReason)}
        </Text>
      )}
    </Box>
  );
}

/** The answer just finished comes into view; in a frame, only the frame's own page scrolls. */
function useBringIntoView(when: boolean, embed: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  useEffect(() => {
    const element = ref.current;
    if (!when || !element) return;
    if (embed) window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - 16 });
    else element.scrollIntoView({ block: "nearest", behavior: reducedMotion ? "auto" : "smooth" });
  }, [when, embed, reducedMotion]);
  return ref;
}
