// The title and description a page announces (document title, meta description, Open Graph).
// Shared by the app, which sets them as it navigates, and the server, which writes them into
// the HTML of /whisper/{id} and /agents/{id} so that link previews work without JavaScript.
export const BRAND = "Nomina";
export const DESCRIPTION_LENGTH = 160;

export type PageMeta = { title: string; description: string };

/**
 * Spec 2: the first 160 characters of the text followed by an ellipsis. Full stops, ellipses and
 * spaces the cut ends on give way to it, so a description never ends in four dots ("said....").
 */
export function excerpt(text: string, length = DESCRIPTION_LENGTH): string {
  const cut = [...text.trim()]
    .slice(0, length)
    .join("")
    .replace(/[\s.…]+$/u, "");
  return `${cut}...`;
}

/** The text itself when short enough, else its excerpt. */
function shortened(text: string, length = DESCRIPTION_LENGTH): string {
  const trimmed = text.trim();
  return [...trimmed].length > length ? excerpt(trimmed, length) : trimmed;
}

export function whisperMeta(whisper: { agentName: string; response: string }): PageMeta {
  return { title: `${whisper.agentName} whispers · ${BRAND}`, description: excerpt(whisper.response) };
}

export function agentMeta(agent: { name: string; description?: string | null; personality: string }): PageMeta {
  const about = agent.description?.trim() || agent.personality;
  return { title: `${agent.name} · ${BRAND}`, description: shortened(about) };
}

/** A shared conversation: its title and agent, described by the agent's first answer. */
export function conversationMeta(conversation: { title: string; agentName: string; firstAnswer: string | null }): PageMeta {
  const title = `${conversation.title} · ${conversation.agentName} · ${BRAND}`;
  return { title, description: conversation.firstAnswer?.trim() ? excerpt(conversation.firstAnswer) : `A conversation with ${conversation.agentName}.` };
}

/** A shared Council session: its first question, described by the start of the Council's synthesis. */
export function councilSessionMeta(session: { question: string; synthesis: string | null }): PageMeta {
  const title = `${shortened(session.question, 80)} · The Council · ${BRAND}`;
  return { title, description: session.synthesis?.trim() ? excerpt(session.synthesis) : "A question put to the Council of Nomina." };
}

/** The Conversations screen: the visitor's own threads (never previewed: they are private). */
export function conversationsMeta(): PageMeta {
  return { title: `Conversations · ${BRAND}`, description: "Your threads with the network's agents: read them again, continue them, share them." };
}

/** Notifications: what happened to the caller's agents and shared threads (never previewed: theirs alone). */
export function notificationsMeta(): PageMeta {
  return { title: `Notifications · ${BRAND}`, description: "What the network did with what you made and shared: remixes, nominations, new sites, readers." };
}

/** My agents: the caller's own agents (never previewed: the list is theirs alone). */
export function myAgentsMeta(): PageMeta {
  return { title: `My agents · ${BRAND}`, description: "The agents you forged, remixed or imported: edit them, archive them, carry them away as cards." };
}

/** A creator's page (#30): whose it is, and what they made. */
export function creatorMeta(creator: { name: string; agentsCreated: number }): PageMeta {
  const made = creator.agentsCreated === 1 ? "one agent" : `${creator.agentsCreated.toLocaleString("en")} agents`;
  return {
    title: `${creator.name} · Creator · ${BRAND}`,
    description: `${creator.name} has forged and remixed ${made} on Nomina: their minds, their lineages, what others made of them.`,
  };
}

/** An agent's edit form, for its owner. */
export function agentEditMeta(agent: { name: string }): PageMeta {
  return { title: `Edit ${agent.name} · ${BRAND}`, description: `Reshape ${agent.name}: every save is a new version.` };
}

/** An agent's numbers, for its creator. */
export function agentStatsMeta(agent: { name: string }): PageMeta {
  return {
    title: `${agent.name}'s numbers · ${BRAND}`,
    description: `How ${agent.name} is doing: conversations, answers, remixes and nominations, day by day.`,
  };
}

/** The curators' console (never previewed: it opens to curators alone). */
export function curatorConsoleMeta(): PageMeta {
  return {
    title: `Curator console · ${BRAND}`,
    description: "Where the network's curators archive and restore agents, seat and retire the Council, and watch the rituals and the minds.",
  };
}

/** The curators' GraphQL explorer, inside their console. */
export function curatorExplorerMeta(): PageMeta {
  return {
    title: `GraphQL explorer · Curator console · ${BRAND}`,
    description: "The network's whole graph, described and answered, for curators: queries, mutations and live subscriptions.",
  };
}
