// Awakenings as they are written: agentForging(input) forges like forgeAgent and agentRedrawing
// redraws like redrawAgentEssence, and both stream the seat's draft (description, persona,
// capabilities, sample) into the confirmation card as it is written. The last event carries the
// agent as saved. A refusal (bad input, quota, not yours) fails the subscription before any
// event; a client that leaves stops the seat, and the oracle's draft is kept instead.
import { FixedBuffer, Repeater } from "graphql-yoga";
import type { Agent } from "../../../generated/prisma/client.ts";
import { builder } from "../../graphql/builder.ts";
import { listMaximum } from "../../graphql/cost.ts";
import { startedStream } from "../../graphql/streams.ts";
import type { AwakeningOptions, EssenceDraft } from "../../minds/character.ts";
import { AgentInput } from "./creators.graphql.ts";
import { AgentNode, ESSENCE_LISTS } from "./graphql.ts";
import { ForgeAgentInput } from "./mutations.ts";

type AwakeningEvent = { draft: EssenceDraft | null; agent: Agent | null; done: boolean; fault?: Error };

const text = (value: unknown) => (typeof value === "string" ? value : null);
const texts = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);

const AwakeningDraftRef = builder.objectRef<EssenceDraft>("AwakeningDraft").implement({
  description: "An awakening as written so far: any part may still be missing, and the last one cut short.",
  fields: (t) => ({
    description: t.string({ nullable: true, resolve: (draft) => text(draft.description) }),
    traits: t.stringList({ extensions: listMaximum(ESSENCE_LISTS.traits), resolve: (draft) => texts(draft.persona?.traits).slice(0, ESSENCE_LISTS.traits) }),
    tone: t.string({ nullable: true, resolve: (draft) => text(draft.persona?.tone) }),
    behavior: t.string({ nullable: true, resolve: (draft) => text(draft.persona?.behavior) }),
    skills: t.stringList({
      extensions: listMaximum(ESSENCE_LISTS.skills),
      resolve: (draft) => texts(draft.capabilities?.skills).slice(0, ESSENCE_LISTS.skills),
    }),
    tools: t.stringList({ extensions: listMaximum(ESSENCE_LISTS.tools), resolve: (draft) => texts(draft.capabilities?.tools).slice(0, ESSENCE_LISTS.tools) }),
    limitations: t.string({ nullable: true, resolve: (draft) => text(draft.capabilities?.limitations) }),
    sampleType: t.string({ nullable: true, description: "The sample's output type, once written.", resolve: (draft) => text(draft.sample?.type) }),
    sample: t.string({ nullable: true, resolve: (draft) => text(draft.sample?.content) }),
  }),
});

const AgentAwakeningEvent = builder.objectRef<AwakeningEvent>("AgentAwakeningEvent").implement({
  description: "One step of an awakening: the draft so far, then the last event with the agent as saved.",
  fields: (t) => ({
    draft: t.field({ type: AwakeningDraftRef, nullable: true, description: "The draft so far; null on the last event.", resolve: (event) => event.draft }),
    done: t.exposeBoolean("done", { description: "The last event of the stream." }),
    agent: t.field({ type: AgentNode, nullable: true, description: "The agent as saved, on the last event.", resolve: (event) => event.agent }),
  }),
});

/** Runs one awakening (`awaken`) and streams its drafts; see the module's comment. */
async function streamAwakening(awaken: (options: AwakeningOptions) => Promise<Agent>): Promise<AsyncIterable<AwakeningEvent>> {
  let started!: () => void;
  const start = new Promise<void>((resolve) => (started = resolve));
  const events = new Repeater<AwakeningEvent>(async (push, stop) => {
    const cancel = new AbortController();
    void stop.then(() => cancel.abort());
    let drafting = false;
    try {
      const agent = await awaken({
        pace: true,
        signal: cancel.signal,
        onDraft: (draft) => {
          drafting = true;
          started();
          void push({ draft, agent: null, done: false });
        },
      });
      await push({ draft: null, agent, done: true });
    } catch (error) {
      // A refusal comes before the first draft: the subscription fails as a whole.
      if (!drafting) throw error;
      await push({ draft: null, agent: null, done: true, fault: error instanceof Error ? error : new Error(String(error)) });
    }
    stop();
  }, new FixedBuffer(Infinity));
  return startedStream(events, start);
}

const resolveEvent = (event: AwakeningEvent) => {
  // A fault of ours after the draft began: thrown here, so Yoga logs it and masks it.
  if (event.fault) throw event.fault;
  return event;
};

builder.subscriptionFields((t) => ({
  agentForging: t.field({
    type: AgentAwakeningEvent,
    description: "Forges an agent like forgeAgent, streaming its awakening (description, persona, capabilities, sample) as its seat writes it.",
    args: { input: t.arg({ type: ForgeAgentInput, required: true }) },
    subscribe: (_root, { input }, ctx) => streamAwakening((options) => ctx.services.agents.forge(input, ctx.actor, options)),
    resolve: resolveEvent,
  }),
  agentRedrawing: t.field({
    type: AgentAwakeningEvent,
    description: "Redraws one of the caller's agents like redrawAgentEssence, streaming the new draft as it is written.",
    args: { input: t.arg({ type: AgentInput, required: true }) },
    authScopes: (_root, { input }) => ({ agentOwner: String(input.agentId) }),
    subscribe: (_root, { input }, ctx) => streamAwakening((options) => ctx.services.creators.redraw(input.agentId, ctx.actor, options)),
    resolve: resolveEvent,
  }),
}));
