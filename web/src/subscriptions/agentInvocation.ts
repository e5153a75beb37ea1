// agentInvocation: an agent's answer as it is spoken. Text arrives as deltas; the last event
// carries the whole response and the whisper it was kept as, or the seat's failure.
import { graphql, requestSubscription } from "react-relay";
import type { Disposable, Environment } from "relay-runtime";
import type {
  InvokeAgentInput,
  agentInvocationSubscription as Subscription,
  agentInvocationSubscription$data,
} from "../__generated__/agentInvocationSubscription.graphql";

const subscription = graphql`
  subscription agentInvocationSubscription($input: InvokeAgentInput!) {
    agentInvocation(input: $input) {
      delta
      done
      mode
      response
      error
      whisper {
        id
        rawId
      }
    }
  }
`;

export type AgentInvocationEvent = agentInvocationSubscription$data["agentInvocation"];

export type AgentInvocationHandlers = {
  onEvent: (event: AgentInvocationEvent) => void;
  onError: (error: Error) => void;
};

export function subscribeToAgentInvocation(environment: Environment, input: InvokeAgentInput, handlers: AgentInvocationHandlers): Disposable {
  return requestSubscription<Subscription>(environment, {
    subscription,
    variables: { input },
    onNext: (data) => {
      if (data) handlers.onEvent(data.agentInvocation);
    },
    onError: handlers.onError,
  });
}
