// Follows one question's voices through councilInvocation(id): what was already said first,
// then live, until the synthesis ends; the last event brings the stored question to the store.
import { useMemo } from "react";
import { graphql, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { useCouncilStreamSubscription as Subscription, useCouncilStreamSubscription$data } from "../../__generated__/useCouncilStreamSubscription.graphql";

const subscription = graphql`
  subscription useCouncilStreamSubscription($id: ID!) {
    councilInvocation(id: $id) {
      phase
      seat
      delta
      done
      failed
      stopped
      error
      mode
      model
      oracleReason
      chair
      restart
      text
      last
      review {
        ...councilRecords_review @relay(mask: false)
      }
      ranking {
        ...councilRecords_ranking @relay(mask: false)
      }
      invocation {
        id
        status
        ...QuestionBlock_invocation
        session {
          id
          costUsd
          updatedAt
        }
      }
    }
  }
`;

export type StreamEvent = useCouncilStreamSubscription$data["councilInvocation"];

type Handlers = { onEvent: (event: StreamEvent) => void; onError: (error: Error) => void; onEnd: () => void };

export function useCouncilStream(invocationId: string, handlers: Handlers) {
  const { onEvent, onError, onEnd } = handlers;
  const config = useMemo<GraphQLSubscriptionConfig<Subscription>>(
    () => ({
      subscription,
      variables: { id: invocationId },
      onNext: (response) => {
        if (response) onEvent(response.councilInvocation);
      },
      onError,
      onCompleted: onEnd,
    }),
    [invocationId, onEvent, onError, onEnd],
  );
  useSubscription<Subscription>(config);
}
