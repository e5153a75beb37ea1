// The answer being spoken in a whisper box's thread: asking (a message or a glyph ritual, in the
// open thread or a new one), asking again (regenerate), and stopping. The thread itself lives in
// the Relay store (the stream's first and last events bring it whole); only the words arriving
// between them are held here, since the server keeps an answer's text once it is finished.
import { useEffect, useRef, useState } from "react";
import { useRelayEnvironment } from "react-relay";
import type { Disposable } from "relay-runtime";
import type { GlyphType } from "../__generated__/agentInvocationSubscription.graphql";
import { useStopMessageMutation } from "../mutations/useStopMessageMutation";
import { errorMessage } from "../relay/errors";
import { subscribeToAgentInvocation } from "../subscriptions/agentInvocation";
import { subscribeToAgentRegeneration } from "../subscriptions/agentRegeneration";
import { subscribeToMessageContinuation } from "../subscriptions/messageContinuation";
import { subscribeToMessageEdit } from "../subscriptions/messageEdit";
import type { AnswerEvent, AnswerHandlers } from "../subscriptions/answerEvents";
import { earnMore, isQuotaRefusal } from "./earnMore";
import { notify } from "./Toaster";

export type { GlyphType };

export type LiveAnswer = {
  /** True from the ask until the last word (or a failure). */
  pending: boolean;
  /** The answer being spoken, once the server has named it (the stream's first event). */
  messageId: string | null;
  /** Its words so far. */
  text: string;
  /** The answer that last ended whole: the box brings it into view. */
  completedId: string | null;
};

const IDLE: LiveAnswer = { pending: false, messageId: null, text: "", completedId: null };
const FALLBACK = "The agent remains silent in the void";

type Options = {
  agentId: string;
  /** The open thread; a message without one starts a new thread. */
  conversationId: string | null;
  /** The thread the server put the message in (a new one, on the first message). */
  onConversation: (conversationId: string) => void;
  /** The histories on screen a new thread joins. */
  connections: string[];
  /** Told when an answer fails before it is kept (the asker's words can go back in the box). */
  onFailure?: () => void;
  /** Who a new thread speaks as: a persona's id, null for no one; undefined, the asker's default. */
  personaId?: string | null | undefined;
};

export function useAgentAnswer({ agentId, conversationId, onConversation, connections, onFailure, personaId }: Options) {
  const environment = useRelayEnvironment();
  const [live, setLive] = useState<LiveAnswer>(IDLE);
  const running = useRef<Disposable | null>(null);
  const [commitStop] = useStopMessageMutation();

  // Leaving the page ends the stream: the server cancels the seat's call and keeps the words so far.
  useEffect(() => () => running.current?.dispose(), []);

  const handlers = (): AnswerHandlers => {
    const fail = (message: string) => {
      running.current = null;
      setLive(IDLE);
      onFailure?.();
      notify("error", "Communion Failed", message, isQuotaRefusal(message) ? earnMore() : undefined);
    };
    return {
      onEvent: (event: AnswerEvent) => {
        if (event.conversation) onConversation(event.conversation.id);
        if (!event.done) {
          setLive((current) => ({ ...current, messageId: event.message?.id ?? current.messageId, text: current.text + event.delta }));
        } else if (event.error) {
          fail(event.error);
        } else if (!event.stopped && !event.whisper) {
          fail(FALLBACK);
        } else {
          running.current = null;
          setLive({ ...IDLE, completedId: event.stopped ? null : (event.message?.id ?? null) });
        }
      },
      onError: (error) => fail(errorMessage(error, FALLBACK)),
    };
  };

  const start = (subscribe: () => Disposable, said = "") => {
    running.current?.dispose();
    setLive({ ...IDLE, pending: true, text: said });
    running.current = subscribe();
  };

  /** `greetingIndex`: a new thread opens with that greeting of the agent's (the one on screen). */
  const ask = (message: string, glyphType?: GlyphType, greetingIndex?: number | null) =>
    start(() =>
      subscribeToAgentInvocation(
        environment,
        {
          agentId,
          message,
          glyphType: glyphType ?? null,
          conversationId,
          greetingIndex: conversationId ? null : (greetingIndex ?? null),
          // An open thread keeps its own persona; a new one takes the chosen one, else the default (absent).
          ...(conversationId || personaId === undefined ? {} : { personaId }),
        },
        connections,
        handlers(),
      ),
    );

  const regenerate = (messageId: string) => start(() => subscribeToAgentRegeneration(environment, messageId, handlers()));

  /** One of the asker's messages, sent again with new words: a new branch (#27). */
  const edit = (messageId: string, message: string) => start(() => subscribeToMessageEdit(environment, messageId, message, handlers()));

  /** The last answer goes on: its words so far stay on screen and the new ones are appended. */
  const resume = (messageId: string, said: string) => start(() => subscribeToMessageContinuation(environment, messageId, handlers()), said);

  /** Stops the answer: the server keeps its words so far, and the stream ends with them. */
  const stop = () => {
    if (!live.messageId) {
      // Not yet named by the server: leaving the stream stops it just the same.
      running.current?.dispose();
      running.current = null;
      setLive(IDLE);
      return;
    }
    commitStop(live.messageId, {
      onCompleted: () => undefined,
      onError: (error) => notify("error", "Could not stop the answer", errorMessage(error, FALLBACK)),
    });
  };

  return { live, ask, regenerate, edit, resume, stop };
}
