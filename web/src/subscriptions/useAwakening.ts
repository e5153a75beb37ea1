// agentForging and agentRedrawing: an agent forged (or its essence redrawn) with its awakening
// streamed as the seat writes it. The screen holds the draft so far (a fragment reference for the
// card that shows it) and hears the agent once it is saved; leaving the screen ends the stream.
import { useCallback, useEffect, useRef, useState } from "react";
import { graphql, requestSubscription, useRelayEnvironment } from "react-relay";
import type { Disposable } from "relay-runtime";
import type { AwakeningDraft_draft$key } from "../__generated__/AwakeningDraft_draft.graphql";
import type {
  ForgeAgentInput,
  useAwakeningForgingSubscription as Forging,
  useAwakeningForgingSubscription$data,
} from "../__generated__/useAwakeningForgingSubscription.graphql";
import type {
  useAwakeningRedrawingSubscription as Redrawing,
  useAwakeningRedrawingSubscription$data,
} from "../__generated__/useAwakeningRedrawingSubscription.graphql";
import { namedListingConnection } from "../relay/connections";
import type { Callbacks } from "../mutations/callbacks";

const forging = graphql`
  subscription useAwakeningForgingSubscription($input: ForgeAgentInput!, $connections: [ID!]!) {
    agentForging(input: $input) {
      done
      draft {
        ...AwakeningDraft_draft
      }
      agent @prependNode(connections: $connections, edgeTypeName: "AgentEdge") {
        id
        rawId
        name
        username
        glyph
        apiModel
        ...ForgedCard_essence
        ...AgentCard_agent
      }
    }
  }
`;

const redrawing = graphql`
  subscription useAwakeningRedrawingSubscription($input: MyAgentInput!) {
    agentRedrawing(input: $input) {
      done
      draft {
        ...AwakeningDraft_draft
      }
      agent {
        id
        version
        ...ForgedCard_essence
        # A re-awakened remix's profile shows its new essence, and what it no longer inherits, at once.
        ...ProfileHeader_agent
        ...PersonaCard_agent
        ...CapabilityCard_agent
        ...SampleOutputs_agent
        ...InheritedEssence_agent
      }
    }
  }
`;

export type ForgedAgent = NonNullable<useAwakeningForgingSubscription$data["agentForging"]["agent"]>;
export type RedrawnAgent = NonNullable<useAwakeningRedrawingSubscription$data["agentRedrawing"]["agent"]>;
type Event<A> = { readonly done: boolean; readonly draft: AwakeningDraft_draft$key | null | undefined; readonly agent: A | null | undefined };

/** One awakening stream at a time: its draft so far, whether it runs, and how to start one. */
function useAwakeningStream<A>() {
  const [draft, setDraft] = useState<AwakeningDraft_draft$key | null>(null);
  const [pending, setPending] = useState(false);
  const running = useRef<Disposable | null>(null);
  useEffect(() => () => running.current?.dispose(), []);
  const run = useCallback(
    (subscribe: (onNext: (event: Event<A> | undefined) => void, onError: (error: Error) => void) => Disposable, callbacks: Callbacks<A>) => {
      running.current?.dispose();
      setPending(true);
      setDraft(null);
      const end = () => {
        setPending(false);
        setDraft(null);
      };
      running.current = subscribe(
        (event) => {
          if (!event) return;
          if (event.draft) setDraft(event.draft);
          if (!event.done) return;
          end();
          if (event.agent) callbacks.onCompleted(event.agent);
          else callbacks.onError(new Error("The awakening was interrupted"));
        },
        (error) => {
          end();
          callbacks.onError(error);
        },
      );
    },
    [],
  );
  return { draft, pending, run };
}

export function useAgentForging() {
  const environment = useRelayEnvironment();
  const { draft, pending, run } = useAwakeningStream<ForgedAgent>();
  const forge = (input: ForgeAgentInput, callbacks: Callbacks<ForgedAgent>) =>
    run(
      (onNext, onError) =>
        requestSubscription<Forging>(environment, {
          subscription: forging,
          variables: { input, connections: [namedListingConnection()] },
          onNext: (data) => onNext(data?.agentForging),
          onError,
        }),
      callbacks,
    );
  return { forge, pending, draft };
}

export function useAgentRedrawing() {
  const environment = useRelayEnvironment();
  const { draft, pending, run } = useAwakeningStream<RedrawnAgent>();
  const redraw = (agentId: string, callbacks: Callbacks<RedrawnAgent>) =>
    run(
      (onNext, onError) =>
        requestSubscription<Redrawing>(environment, {
          subscription: redrawing,
          variables: { input: { agentId } },
          onNext: (data) => onNext(data?.agentRedrawing),
          onError,
        }),
      callbacks,
    );
  return { redraw, pending, draft };
}
