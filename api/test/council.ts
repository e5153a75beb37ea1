// The Summoning Gate's operations as the web app sends them, and how a client rebuilds each
// voice's text from the stream: shared by the council tests and the benchmarks. Below, the
// scripted Council the acts and sessions tests put questions to.
import { SEATS, type Seat } from "../src/minds/identity.ts";
import { isChairRequest, type FakeProviders, type RecordedRequest, type Script } from "./providers.ts";

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

/** What each seat answers in the scripted Councils of the acts and sessions tests, streamed in these pieces. */
export const ANSWER: Record<Seat, string[]> = {
  gemini: ["Begin ", "with ", "the ", "nearest ", "light."],
  claude: ["Hold ", "the ", "name ", "loosely."],
  perplexity: ["The ", "records ", "disagree."],
  deepseek: ["Step ", "by ", "step."],
};
/** What a seat says as the chair. */
export const SYNTHESIS = (seat: Seat) => ["The ", "Council ", "agrees, ", `through ${seat}.`];
/** How every reviewer ranks the others when asked: by this order of preference. */
export const PREFERENCE: Seat[] = ["claude", "gemini", "perplexity", "deepseek"];

export const isReviewRequest = (request: RecordedRequest) => request.system.includes("Rank them from best to worst");

/** The letters a reviewer read, and whose answer each was. */
export function lettersOf(request: RecordedRequest): { letter: string; seat: Seat }[] {
  return [...request.prompt.matchAll(/Answer ([A-D]):\n([^\n]*)/g)].map(([, letter, text]) => ({
    letter: letter!,
    seat: SEATS.find((seat) => ANSWER[seat].join("") === text!.trim())!,
  }));
}

/** Text split into a few streamed pieces, as a model streams it. */
export const pieces = (text: string) => text.match(/.{1,12}/gs)!;

/**
 * Every seat answers its ANSWER, reviews with `rankingFor` and chairs with SYNTHESIS, unless
 * `extra` scripts a request otherwise.
 */
export function scriptCouncil(
  providers: FakeProviders,
  rankingFor: (request: RecordedRequest) => string,
  extra: (seat: Seat, request: RecordedRequest) => Script | undefined = () => undefined,
): void {
  for (const seat of SEATS) {
    providers.script(seat, (request) => {
      const special = extra(seat, request);
      if (special) return special;
      if (isReviewRequest(request)) return { tokens: pieces(rankingFor(request)) };
      return { tokens: isChairRequest(request) ? SYNTHESIS(seat) : ANSWER[seat] };
    });
  }
}
