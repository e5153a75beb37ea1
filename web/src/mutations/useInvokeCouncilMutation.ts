// invokeCouncil: puts a question to the Council, in a new session or the one named; the answers
// stream through councilInvocation. The question joins its session's thread and the session the
// asker's history (where it already is, it stays once).
import { graphql, useMutation } from "react-relay";
import type {
  InvokeCouncilInput,
  useInvokeCouncilMutation as Mutation,
  useInvokeCouncilMutation$data,
} from "../__generated__/useInvokeCouncilMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useInvokeCouncilMutation($input: InvokeCouncilInput!, $questions: [ID!]!, $sessions: [ID!]!) {
    invokeCouncil(input: $input) {
      invocation @appendNode(connections: $questions, edgeTypeName: "CouncilSessionQuestionEdge") {
        id
        rawId
        status
        ...QuestionBlock_invocation
      }
      session @prependNode(connections: $sessions, edgeTypeName: "CouncilSessionEdge") {
        id
        rawId
        questionCount
        costUsd
        updatedAt
        settings {
          ...AskCouncil_settings
        }
        ...SessionHistoryItem_session
      }
    }
  }
`;

export type Started = useInvokeCouncilMutation$data["invokeCouncil"];
export type Question = InvokeCouncilInput;

/** `questions`: the session's thread to append to; `sessions`: the history to put a new session in. */
export function useInvokeCouncilMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const invoke = (input: Question, connections: { questions: string[]; sessions: string[] }, callbacks: Callbacks<Started>) =>
    commit({
      variables: { input, ...connections },
      ...rejectErrors(callbacks, (data: useInvokeCouncilMutation$data) => data.invokeCouncil),
    });
  return [invoke, isInFlight] as const;
}
