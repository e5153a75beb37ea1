// What the question would cost before it is asked (its words and its session's earlier questions,
// each seated model's list price, the reviews when asked, the synthesis), and how many questions
// the asker may still put to the Council today. Asked again once the words rest for a moment.
import { Text } from "@chakra-ui/react";
import { Component, Suspense, useDeferredValue, type ReactNode } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { useDebounce } from "use-debounce";
import type { CostEstimateQuery, InvokeCouncilInput } from "../../__generated__/CostEstimateQuery.graphql";
import { usd } from "./cost";
import { seatLabel } from "./seats";

export const ESTIMATE_DEBOUNCE_MS = 400;

const query = graphql`
  query CostEstimateQuery($input: InvokeCouncilInput!) {
    councilEstimate(input: $input) {
      totalUsd
      chair
      answers {
        mode
      }
      reviews {
        mode
      }
      synthesis {
        mode
      }
    }
  }
`;

const Line = ({ children }: { children: ReactNode }) => (
  <Text textStyle="caption" color="fg.muted" aria-live="polite" data-testid="council-estimate">
    {children}
  </Text>
);

export function CostEstimate({ input }: { input: InvokeCouncilInput }) {
  const [prompt] = useDebounce(input.prompt.trim(), ESTIMATE_DEBOUNCE_MS);
  const asked = useDeferredValue(prompt ? { ...input, prompt } : null);
  if (!asked) return <Line>Speak a question to see what it would cost.</Line>;
  return (
    <Quiet reset={JSON.stringify(asked)}>
      <Suspense fallback={<Line>Weighing the question...</Line>}>
        <Estimate input={asked} />
      </Suspense>
    </Quiet>
  );
}

function Estimate({ input }: { input: InvokeCouncilInput }) {
  const { councilEstimate: estimate } = useLazyLoadQuery<CostEstimateQuery>(query, { input }, { fetchPolicy: "store-and-network" });
  const calls = [...estimate.answers, ...estimate.reviews, estimate.synthesis];
  const oracle = calls.every((call) => call.mode === "oracle");
  const reviews = estimate.reviews.length ? `, ${estimate.reviews.length} reviews` : "";
  const cost = oracle
    ? "$0: the offline oracle answers every seat, and the oracle is free"
    : estimate.totalUsd == null
      ? "unknown (a model has no list price)"
      : `${usd(estimate.totalUsd)} for ${estimate.answers.length} answers${reviews} and the synthesis`;
  return (
    <Line>
      Estimated cost {cost} · chaired by {seatLabel(estimate.chair)}
    </Line>
  );
}

/** An estimate that could not be made says so, and is tried again once the question changes. */
class Quiet extends Component<{ reset: string; children: ReactNode }, { failed: boolean; reset: string }> {
  override state = { failed: false, reset: this.props.reset };

  static getDerivedStateFromProps(props: { reset: string }, state: { reset: string }) {
    return props.reset === state.reset ? null : { failed: false, reset: props.reset };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <Line>The cost could not be estimated.</Line> : this.props.children;
  }
}
