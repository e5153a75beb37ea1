// What the whisper box reads of a streamed answer's events, the same for a new message
// (agentInvocation), an answer asked for again (agentRegeneration), one gone on with
// (messageContinuation) and words sent again (messageEdit): one selection, one way to listen.
import { graphql, requestSubscription, type GraphQLTaggedNode } from "react-relay";
import type { Disposable, Environment, OperationType } from "relay-runtime";
import type { answerEvents_event$data } from "../__generated__/answerEvents_event.graphql";

// Spread unmasked by each answer subscription, beside the thread it brings (its own fragments);
// the whisper box reads it from each event (the rule below cannot see reads made through them).
/* eslint-disable relay/unused-fields */
export const answerEvent = graphql`
  fragment answerEvents_event on AgentInvocationEvent {
    delta
    done
    stopped
    error
    whisper {
      id
    }
    message {
      id
    }
  }
`;
/* eslint-enable relay/unused-fields */

export type AnswerEvent = Pick<answerEvents_event$data, "delta" | "done" | "stopped" | "error" | "whisper" | "message"> & {
  readonly conversation: { readonly id: string } | null | undefined;
};

export type AnswerHandlers = {
  onEvent: (event: AnswerEvent) => void;
  onError: (error: Error) => void;
};

/** Listens to one answer subscription; `eventOf` picks its event out of the payload. */
export function streamAnswer<S extends OperationType>(
  environment: Environment,
  subscription: GraphQLTaggedNode,
  variables: S["variables"],
  eventOf: (data: S["response"]) => AnswerEvent,
  handlers: AnswerHandlers,
): Disposable {
  return requestSubscription<S>(environment, {
    subscription,
    variables,
    onNext: (data) => {
      if (data) handlers.onEvent(eventOf(data));
    },
    onError: handlers.onError,
  });
}
