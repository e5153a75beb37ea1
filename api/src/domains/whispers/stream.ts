// The streamed agent answer: subscription agentInvocation(input) runs the same invocation as
// invokeAgent and delivers its text as the seat produces it, then ends with the stored whisper.
// A refusal (unknown agent, empty message, quota) is a GraphQL error before any event; a seat
// that fails once text is flowing ends the stream with an event carrying the reason.
import type { Whisper } from "../../generated/prisma/client.ts";
import { ClientError } from "../../errors.ts";
import { asyncQueue } from "../../graphql/async-queue.ts";
import { builder } from "../../graphql/builder.ts";
import type { GraphQLContext } from "../../graphql/context.ts";
import type { SeatIdentity } from "../../minds/types.ts";
import { ModelSeatEnum } from "../agents/graphql.ts";
import { providerOf } from "../../minds/types.ts";
import { InvokeAgentInput, MindModeEnum, MindProviderEnum, WhisperNode } from "./graphql.ts";
import type { InvokeAgentInput as InvokeInput } from "./schemas.ts";

type AgentEvent = SeatIdentity & {
  delta: string;
  done: boolean;
  text: string | null;
  error: string | null;
  errorCode: string | null;
  whisper: Whisper | null;
  /** A fault of ours: thrown when the event resolves, so Yoga logs it and masks it. */
  fault?: unknown;
};

const AgentInvocationEvent = builder.objectRef<AgentEvent>("AgentInvocationEvent").implement({
  description: "One step of a streamed agent answer: text as it is generated, then the end with the stored whisper (or why it failed).",
  fields: (t) => ({
    delta: t.exposeString("delta", { description: "New text; empty on the last event." }),
    done: t.exposeBoolean("done", { description: "The last event of the stream." }),
    seat: t.field({ type: ModelSeatEnum, resolve: (event) => event.seat }),
    mode: t.field({ type: MindModeEnum, resolve: (event) => event.mode }),
    provider: t.field({ type: MindProviderEnum, resolve: (event) => providerOf(event.mode, event.seat)! }),
    model: t.exposeString("model"),
    response: t.exposeString("text", { nullable: true, description: "The whole answer, on the last event." }),
    error: t.exposeString("error", { nullable: true, description: "Why the seat could not answer; nothing was stored." }),
    errorCode: t.exposeString("errorCode", { nullable: true, description: "SEAT_FAILED or SEAT_TIMEOUT, as extensions.code would be." }),
    whisper: t.field({ type: WhisperNode, nullable: true, description: "The stored whisper, on the last event.", resolve: (event) => event.whisper }),
  }),
});

async function streamInvocation(ctx: GraphQLContext, input: InvokeInput & { agentId: string }): Promise<AsyncIterable<AgentEvent>> {
  const events = asyncQueue<AgentEvent>();
  const cancel = new AbortController();
  let identity: SeatIdentity | undefined;
  let started!: () => void;
  const start = new Promise<void>((resolve) => (started = resolve));
  const invocation = ctx.services.whispers.invoke(input.agentId, input, ctx.actor, {
    pace: true,
    signal: cancel.signal,
    onStart: (seat) => {
      identity = seat;
      started();
    },
    onDelta: (delta) => events.push({ ...identity!, delta, done: false, text: null, error: null, errorCode: null, whisper: null }),
  });
  // A refusal happens before the seat is called: the subscription fails as a whole.
  await Promise.race([start, invocation]);
  invocation
    .then(
      ({ whisper, answer }) => events.push({ ...identity!, delta: "", done: true, text: answer.text, error: null, errorCode: null, whisper }),
      (error: unknown) => {
        const known = error instanceof ClientError;
        events.push({
          ...identity!,
          delta: "",
          done: true,
          text: null,
          error: known ? error.message : null,
          errorCode: known ? error.code : null,
          whisper: null,
          ...(known ? {} : { fault: error }),
        });
      },
    )
    .finally(() => events.close());
  return (async function* () {
    try {
      yield* events;
    } finally {
      // The client left: stop the seat instead of paying for an answer no one reads.
      cancel.abort();
    }
  })();
}

builder.subscriptionField("agentInvocation", (t) =>
  t.field({
    type: AgentInvocationEvent,
    description: "Invokes an agent like invokeAgent and streams its answer: deltas, then the stored whisper.",
    args: { input: t.arg({ type: InvokeAgentInput, required: true }) },
    subscribe: (_root, { input }, ctx) => streamInvocation(ctx, input),
    resolve: (event) => {
      if (event.fault) throw event.fault;
      return event;
    },
  }),
);
