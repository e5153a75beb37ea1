// Witnessing's live feeds: each new ritual, forging, remix and Council whisper is prepended
// to its connection in the store; agent whispers, which have no identity to keep, are held in
// a short list of echoes. Every config is memoised, so a re-render never resubscribes.
import { useMemo, useState } from "react";
import { graphql, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { useWitnessingLiveEchoSubscription as EchoSubscription } from "../../__generated__/useWitnessingLiveEchoSubscription.graphql";
import type { useWitnessingLiveForgedSubscription as ForgedSubscription } from "../../__generated__/useWitnessingLiveForgedSubscription.graphql";
import type { useWitnessingLiveRemixedSubscription as RemixedSubscription } from "../../__generated__/useWitnessingLiveRemixedSubscription.graphql";
import type { useWitnessingLiveRitualSubscription as RitualSubscription } from "../../__generated__/useWitnessingLiveRitualSubscription.graphql";
import type { useWitnessingLiveWhisperSubscription as WhisperSubscription } from "../../__generated__/useWitnessingLiveWhisperSubscription.graphql";
import type { Echo } from "./EchoItem";

/** Echoes kept in memory; older ones fall off the feed. */
export const ECHO_LIMIT = 50;

const ritual = graphql`
  subscription useWitnessingLiveRitualSubscription($connections: [ID!]!) {
    ritualLogAdded @prependNode(connections: $connections, edgeTypeName: "QueryRitualLogsConnectionEdge") {
      id
      type
      createdAt
      ...RitualItem_log
    }
  }
`;

const forged = graphql`
  subscription useWitnessingLiveForgedSubscription($connections: [ID!]!) {
    agentForged @prependNode(connections: $connections, edgeTypeName: "AgentEdge") {
      id
      createdAt
      ...ForgingItem_agent
    }
  }
`;

const remixed = graphql`
  subscription useWitnessingLiveRemixedSubscription($connections: [ID!]!) {
    agentRemixed @prependNode(connections: $connections, edgeTypeName: "AgentEdge") {
      id
      createdAt
      ...RemixItem_agent
      parent {
        id
        remixCount
      }
    }
  }
`;

const whisper = graphql`
  subscription useWitnessingLiveWhisperSubscription($connections: [ID!]!) {
    councilWhisperAdded @prependNode(connections: $connections, edgeTypeName: "QueryCouncilWhispersConnectionEdge") {
      id
      createdAt
      ...CouncilWhisperItem_whisper
    }
  }
`;

const echo = graphql`
  subscription useWitnessingLiveEchoSubscription {
    agentWhispered {
      agentName
      agentGlyph
      glyphType
      mode
      whisperedAt
      agent {
        rawId
      }
    }
  }
`;

export type FeedConnections = { rituals: string; forgings: string; remixes: string; whispers: string };

function usePrepending<S extends RitualSubscription | ForgedSubscription | RemixedSubscription | WhisperSubscription>(
  subscription: GraphQLSubscriptionConfig<S>["subscription"],
  connection: string,
) {
  const config = useMemo<GraphQLSubscriptionConfig<S>>(() => ({ subscription, variables: { connections: [connection] } }), [subscription, connection]);
  useSubscription(config);
}

export function useWitnessingLive(connections: FeedConnections): Echo[] {
  usePrepending<RitualSubscription>(ritual, connections.rituals);
  usePrepending<ForgedSubscription>(forged, connections.forgings);
  usePrepending<RemixedSubscription>(remixed, connections.remixes);
  usePrepending<WhisperSubscription>(whisper, connections.whispers);

  const [echoes, setEchoes] = useState<Echo[]>([]);
  const echoConfig = useMemo<GraphQLSubscriptionConfig<EchoSubscription>>(() => {
    let count = 0;
    return {
      subscription: echo,
      variables: {},
      onNext: (response) => {
        const event = response?.agentWhispered;
        if (!event) return;
        const entry: Echo = {
          key: `echo:${event.whisperedAt}:${++count}`,
          at: event.whisperedAt,
          agentName: event.agentName,
          agentGlyph: event.agentGlyph,
          agentRawId: event.agent?.rawId ?? null,
          glyphType: event.glyphType ?? null,
          mode: event.mode,
        };
        setEchoes((current) => [entry, ...current].slice(0, ECHO_LIMIT));
      },
    };
  }, []);
  useSubscription(echoConfig);
  return echoes;
}
