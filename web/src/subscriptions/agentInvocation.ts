// agentInvocation: a message to an agent (in the thread named, or a new one) and its answer as
// it is spoken. The first event names the thread and the answer (so it can be stopped before its
// first word); text arrives as deltas; the last event carries the whole answer and its whisper,
// or says it was stopped, or why the seat failed. The thread comes whole on the first and last
// events, so the store holds it as the server does (with who the asker speaks as in it, and
// whether the agent remembers there); a new thread joins the histories on screen.
import { graphql } from "react-relay";
import type { Disposable, Environment } from "relay-runtime";
import type { InvokeAgentInput, agentInvocationSubscription as Subscription } from "../__generated__/agentInvocationSubscription.graphql";
import { streamAnswer, type AnswerHandlers } from "./answerEvents";

const subscription = graphql`
  subscription agentInvocationSubscription($input: InvokeAgentInput!, $connections: [ID!]!) {
    agentInvocation(input: $input) {
      ...answerEvents_event @relay(mask: false)
      conversation @prependNode(connections: $connections, edgeTypeName: "ConversationEdge") {
        id
        ...WhisperThread_conversation
        ...ConversationRow_conversation
        ...AgentThread_conversation
        ...SpeakingAs_conversation
        ...MemoryPanel_conversation
      }
    }
  }
`;

/** `connections`: the histories on screen a new thread should appear at the top of. */
export function subscribeToAgentInvocation(environment: Environment, input: InvokeAgentInput, connections: string[], handlers: AnswerHandlers): Disposable {
  return streamAnswer<Subscription>(environment, subscription, { input, connections }, (data) => data.agentInvocation, handlers);
}
