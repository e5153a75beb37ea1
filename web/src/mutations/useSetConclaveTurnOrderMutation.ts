// setConclaveTurnOrder: who speaks next in a conclave, from now on (in turn, the one addressed,
// or picked by hand). The thread's messages stay as they are.
import { graphql, useMutation } from "react-relay";
import type {
  ConclaveTurnOrder,
  useSetConclaveTurnOrderMutation as Mutation,
  useSetConclaveTurnOrderMutation$data,
} from "../__generated__/useSetConclaveTurnOrderMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

export type { ConclaveTurnOrder };

const mutation = graphql`
  mutation useSetConclaveTurnOrderMutation($input: SetConclaveTurnOrderInput!) {
    setConclaveTurnOrder(input: $input) {
      conversation {
        id
        turnOrder
      }
    }
  }
`;

export function useSetConclaveTurnOrderMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const setTurnOrder = (conversationId: string, turnOrder: ConclaveTurnOrder, callbacks: Callbacks<ConclaveTurnOrder | null | undefined>) =>
    commit({
      variables: { input: { conversationId, turnOrder } },
      optimisticResponse: { setConclaveTurnOrder: { conversation: { id: conversationId, turnOrder } } },
      ...rejectErrors(callbacks, (data: useSetConclaveTurnOrderMutation$data) => data.setConclaveTurnOrder.conversation.turnOrder),
    });
  return [setTurnOrder, isInFlight] as const;
}
