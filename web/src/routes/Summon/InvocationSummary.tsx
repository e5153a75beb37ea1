// The stored question once the Council has finished: how it ended, how many voices answered,
// how long each took, and what the question cost against what it was estimated to.
import { HStack, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import type { InvocationSummary_invocation$key } from "../../__generated__/InvocationSummary_invocation.graphql";
import { usd } from "./cost";
import { seatLabel } from "./seats";

const fragment = graphql`
  fragment InvocationSummary_invocation on CouncilInvocation {
    status
    costUsd
    estimateUsd
    answers {
      seat
      status
      latencyMs
    }
    synthesis {
      latencyMs
    }
  }
`;

const seconds = (ms: number | null | undefined) => (ms == null ? "" : `${(ms / 1000).toFixed(1)} s`);

const ENDINGS: Record<string, string> = {
  complete: "The Council has spoken",
  stopped: "The Council was stopped",
};

export function InvocationSummary({ invocation }: { invocation: InvocationSummary_invocation$key }) {
  const data = useFragment(fragment, invocation);
  const answered = data.answers.filter((answer) => answer.status === "answered").length;
  const estimate = data.estimateUsd == null ? "" : ` (estimated ${usd(data.estimateUsd)})`;
  return (
    <Text as="div" textStyle="caption" color="fg.muted" role="status">
      <Text as="p">
        {ENDINGS[data.status] ?? "The Council fell silent"} · {answered} of {data.answers.length} seats answered · this question cost {usd(data.costUsd ?? 0)}
        {estimate}
      </Text>
      <HStack as="p" gap={3} flexWrap="wrap" mt={1}>
        {data.answers.map((answer) => (
          <span key={answer.seat}>
            {seatLabel(answer.seat)} {seconds(answer.latencyMs)}
          </span>
        ))}
        {data.synthesis?.latencyMs != null && <span>Synthesis {seconds(data.synthesis.latencyMs)}</span>}
      </HStack>
    </Text>
  );
}
