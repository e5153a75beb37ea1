// One question of a session: what was asked, the seats' answers, the peer review when asked,
// and the synthesis. Followed live while the Council still speaks; read from the store after.
import { graphql, useFragment } from "react-relay";
import type { QuestionBlock_invocation$key } from "../../__generated__/QuestionBlock_invocation.graphql";
import { InvocationSummary } from "./InvocationSummary";
import { LiveQuestion } from "./LiveQuestion";
import { QuestionView } from "./QuestionView";
import { storedQuestion } from "./storedQuestion";

const fragment = graphql`
  fragment QuestionBlock_invocation on CouncilInvocation {
    id
    prompt
    status
    seats
    review
    ...storedQuestion_invocation
    ...InvocationSummary_invocation
  }
`;

type Props = {
  invocation: QuestionBlock_invocation$key;
  /** Its place in the session, from 1. */
  number: number;
  /** The asker's own session: the question may be stopped, and a failed seat asked again. */
  mine: boolean;
  /** The live stream ended without the question being stored as finished (it was cut short). */
  onCutShort: (id: string) => void;
};

export function QuestionBlock({ invocation, number, mine, onCutShort }: Props) {
  const data = useFragment(fragment, invocation);
  const common = { id: data.id, number, prompt: data.prompt, mine };
  // The stored question names the members who sit from the start, running or not.
  const stored = storedQuestion(data);
  if (data.status === "running") return <LiveQuestion {...common} seats={data.seats} review={data.review} members={stored.members} onCutShort={onCutShort} />;
  return <QuestionView {...common} state={stored} summary={<InvocationSummary invocation={data} />} />;
}
