// A thread's owner chooses who they speak as in it (setConversationPersona, null: no one) and
// whether the agent remembers there (setConversationMemory). The thread comes back with both.
import { graphql, useMutation } from "react-relay";
import type {
  useThreadMindMutationsPersonaMutation as PersonaMutation,
  useThreadMindMutationsPersonaMutation$data,
} from "../__generated__/useThreadMindMutationsPersonaMutation.graphql";
import type {
  useThreadMindMutationsMemoryMutation as MemoryMutation,
  useThreadMindMutationsMemoryMutation$data,
} from "../__generated__/useThreadMindMutationsMemoryMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const personaMutation = graphql`
  mutation useThreadMindMutationsPersonaMutation($conversationId: ID!, $personaId: ID) {
    setConversationPersona(conversationId: $conversationId, personaId: $personaId) {
      id
      persona {
        id
        name
      }
    }
  }
`;

const memoryMutation = graphql`
  mutation useThreadMindMutationsMemoryMutation($conversationId: ID!, $on: Boolean!) {
    setConversationMemory(conversationId: $conversationId, on: $on) {
      id
      memoryOn
    }
  }
`;

export function useSetThreadPersonaMutation() {
  const [commit, isInFlight] = useMutation<PersonaMutation>(personaMutation);
  const choose = (conversationId: string, personaId: string | null, callbacks: Callbacks<string | null>) =>
    commit({
      variables: { conversationId, personaId },
      ...rejectErrors(callbacks, (data: useThreadMindMutationsPersonaMutation$data) => data.setConversationPersona.persona?.name ?? null),
    });
  return [choose, isInFlight] as const;
}

export function useSetThreadMemoryMutation() {
  const [commit, isInFlight] = useMutation<MemoryMutation>(memoryMutation);
  const set = (conversationId: string, on: boolean, callbacks: Callbacks<boolean>) =>
    commit({
      variables: { conversationId, on },
      optimisticResponse: { setConversationMemory: { id: conversationId, memoryOn: on } },
      ...rejectErrors(callbacks, (data: useThreadMindMutationsMemoryMutation$data) => data.setConversationMemory.memoryOn),
    });
  return [set, isInFlight] as const;
}
