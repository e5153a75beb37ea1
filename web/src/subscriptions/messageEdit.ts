// messageEdit: one of the asker's messages sent again with new words, as a new branch beside it
// (#27). Its answer streams like agentInvocation's; the thread (first and last events) shows the branch.
import { graphql } from "react-relay";
import type { Disposable, Environment } from "relay-runtime";
import type { messageEditSubscription as Subscription } from "../__generated__/messageEditSubscription.graphql";
import { streamAnswer, type AnswerHandlers } from "./answerEvents";

const subscription = graphql`
  subscription messageEditSubscription($input: EditMessageInput!) {
    messageEdit(input: $input) {
      ...answerEvents_event @relay(mask: false)
      conversation {
        id
        ...WhisperThread_conversation
      }
    }
  }
`;

export function subscribeToMessageEdit(environment: Environment, messageId: string, message: string, handlers: AnswerHandlers): Disposable {
  return streamAnswer<Subscription>(environment, subscription, { input: { messageId, message } }, (data) => data.messageEdit, handlers);
}
