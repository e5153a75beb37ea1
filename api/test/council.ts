// The Summoning Gate's operations as the web app sends them, and how a client rebuilds each
// voice's text from the stream: shared by the council tests and the benchmarks.

export const INVOKE_COUNCIL = /* GraphQL */ `
  mutation InvokeCouncil($input: InvokeCouncilInput!) {
    invokeCouncil(input: $input) { invocation { id rawId prompt status askedBy answers { seat status } synthesis { text } } }
  }
`;

export const COUNCIL_INVOCATION = /* GraphQL */ `
  subscription CouncilInvocation($id: ID!) {
    councilInvocation(id: $id) {
      invocationId seat delta done failed error mode provider model chair restart text last
      invocation {
        id status prompt costUsd completedAt
        answers { voice seat status text error mode provider model latencyMs inputTokens outputTokens costUsd attempts }
        synthesis { voice seat status text mode provider model fallbacks { seat error } }
      }
    }
  }
`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** What a client shows: each voice's text rebuilt from the events (restarts drop the text). */
export function rebuild(events: { councilInvocation: Json }[]): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const { councilInvocation: e } of events) {
    if (e.restart || !(e.seat in texts)) texts[e.seat] = "";
    texts[e.seat] += e.delta;
  }
  return texts;
}

