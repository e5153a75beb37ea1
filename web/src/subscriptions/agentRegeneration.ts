// agentRegeneration: an answer asked for again. The earlier one stays as a sibling; the new one
// streams like agentInvocation's, and the thread (first and last events) shows it as chosen.
import { graphql } from "react-relay";
import type { Disposable, Environment } from "relay-runtime";
import type { agentRegenerationSubscription as Subscription } from "../__generated__/agentRegenerationSubscription.graphql";
import { streamAnswer, type AnswerHandlers } from "./answerEvents";

const subscription = graphql`
  subscription agentRegenerationSubscription($input: RegenerateMessageInput!) {
    agentRegeneration(input: $input) {
      ...answerEvents_event @relay(mask: false)
      conversation {
        id
        ...WhisperThread_conversation
      }
    }
  }
`;

export function subscribeToAgentRegeneration(environment: Environment, messageId: string, handlers: AnswerHandlers): Disposable {
  return streamAnswer<Subscription>(environment, subscription, { input: { messageId } }, (data) => data.agentRegeneration, handlers);
}
