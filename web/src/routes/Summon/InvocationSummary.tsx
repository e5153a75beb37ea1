// The stored invocation once the Council has finished: how many voices answered, how long
// each took and what it is estimated to have cost.
import { HStack, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import type { InvocationSummary_invocation$key } from "../../__generated__/InvocationSummary_invocation.graphql";
import { seatLabel } from "./seats";

const fragment = graphql`
  fragment InvocationSummary_invocation on CouncilInvocation {
    status
    costUsd
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

export function InvocationSummary({ invocation }: { invocation: InvocationSummary_invocation$key }) {
  const data = useFragment(fragment, invocation);
  const answered = data.answers.filter((answer) => answer.status === "answered").length;
  return (
    <Text as="div" textStyle="caption" color="fg.muted" role="status">
      <Text as="p">
        {data.status === "complete" ? "The Council has spoken" : "The Council fell silent"} · {answered} of {data.answers.length} seats
        answered · estimated cost ${(data.costUsd ?? 0).toFixed(4)}
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
