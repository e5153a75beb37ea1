// messageContinuation: the thread's last answer goes on from where it ended (#27). The new words
// stream as deltas to append; the last event brings the whole answer and the thread.
import { graphql } from "react-relay";
import type { Disposable, Environment } from "relay-runtime";
import type { messageContinuationSubscription as Subscription } from "../__generated__/messageContinuationSubscription.graphql";
import { streamAnswer, type AnswerHandlers } from "./answerEvents";

const subscription = graphql`
  subscription messageContinuationSubscription($input: ContinueMessageInput!) {
    messageContinuation(input: $input) {
      ...answerEvents_event @relay(mask: false)
      message {
        text
        status
      }
      conversation {
        id
        ...WhisperThread_conversation
      }
    }
  }
`;

export function subscribeToMessageContinuation(environment: Environment, messageId: string, handlers: AnswerHandlers): Disposable {
  return streamAnswer<Subscription>(environment, subscription, { input: { messageId } }, (data) => data.messageContinuation, handlers);
}
