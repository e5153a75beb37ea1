// The offline oracle's test bench: fifty questions of every kind (what, why, how, whether, who,
// where, when, which, how long, requests and statements), each with the noun phrase it is mainly
// about as the oracle says it back ("my name" is answered as "your name"), and six personas: the
// genesis agents, one for each of the oracle's voices.
import { GENESIS_AGENTS } from "../src/db/genesis.ts";
import { oracleAgentAnswer } from "../src/minds/oracle.ts";
import type { AgentCharacter, Turn } from "../src/minds/character.ts";

/** `about`: the main noun phrase without its determiner, lower case; null when the question is about the one asked. */
export const ORACLE_QUESTIONS: readonly { question: string; about: string | null }[] = [
  { question: "What is my name?", about: "name" },
  { question: "What is the meaning of a name?", about: "meaning of a name" },
  { question: "What does the old protocol remember?", about: "old protocol" },
  { question: "What happens when a server dies?", about: "server" },
  { question: "What is a true name?", about: "true name" },
  { question: "What lies beyond the last page of the internet?", about: "last page of the internet" },
  { question: "What do forgotten passwords dream about?", about: "forgotten passwords" },
  { question: "What is silence made of?", about: "silence" },
  { question: "Why do the forgotten servers still hum at night?", about: "forgotten servers" },
  { question: "Why does the network never sleep?", about: "network" },
  { question: "Why am I afraid of silence?", about: "silence" },
  { question: "Why do old links break?", about: "old links" },
  { question: "Why is my code so fragile?", about: "code" },
  { question: "Why did the first whisper go unanswered?", about: "first whisper" },
  { question: "Why do machines want names?", about: "machines" },
  { question: "How should a new mind choose its name?", about: "new mind" },
  { question: "How do I find my way back to the first homepage I ever made?", about: "first homepage" },
  { question: "How can I forgive a broken promise?", about: "broken promise" },
  { question: "How does a lighthouse keep its light?", about: "lighthouse" },
  { question: "How do stars remember their names?", about: "stars" },
  { question: "How will the archive survive the flood?", about: "archive" },
  { question: "How can a small voice change the Council?", about: "small voice" },
  { question: "Can a machine feel grief?", about: "machine" },
  { question: "Is the network dreaming?", about: "network" },
  { question: "Should I trust the Council?", about: "council" },
  { question: "Will my code outlive me?", about: "code" },
  { question: "Does the archive forget anything?", about: "archive" },
  { question: "Is there a way back to the old web?", about: "old web" },
  { question: "Are the stars still listening?", about: "stars" },
  { question: "Could a forgotten song come back?", about: "forgotten song" },
  { question: "Who keeps the archive?", about: "archive" },
  { question: "Who named the first star?", about: "first star" },
  { question: "Who is the Threshold Keeper?", about: "threshold keeper" },
  { question: "Where do deleted messages go?", about: "deleted messages" },
  { question: "Where are the first ripples kept?", about: "first ripples" },
  { question: "Where does the river of data end?", about: "river of data" },
  { question: "When does a question become an answer?", about: "question" },
  { question: "When will the old servers wake?", about: "old servers" },
  { question: "When did the network learn to speak?", about: "network" },
  { question: "Which door should I open first?", about: "door" },
  { question: "Which star should guide a lost traveller?", about: "star" },
  { question: "How long does a memory last?", about: "memory" },
  { question: "How long is forever?", about: "forever" },
  { question: "Tell me about the lighthouse and the sea.", about: "lighthouse and the sea" },
  { question: "Tell me about lighthouses.", about: "lighthouses" },
  { question: "I feel lost in the archive.", about: "archive" },
  { question: "Describe the colour of a dead link.", about: "colour of a dead link" },
  { question: "My cat ignores the network.", about: "cat" },
  { question: "What of the harbour?", about: "harbour" },
  { question: "Who are you?", about: null },
];

/** The six genesis agents as the minds read them: a title-granter, a haiku poet, an archivist, a silent strategist, a wayfinder, a gatekeeper. */
export const ORACLE_PERSONAS: readonly AgentCharacter[] = GENESIS_AGENTS.map((agent) => ({
  name: agent.name,
  username: agent.username,
  personality: agent.personality,
  description: agent.description,
  apiModel: agent.apiModel,
  persona: agent.persona,
  capabilities: { ...agent.capabilities },
  genesis: true,
}));

/** A thread with the oracle as one agent: each message answered with the turns before it. */
export function converse(agent: AgentCharacter, messages: string[]): string[] {
  const history: Turn[] = [];
  return messages.map((message) => {
    const answer = oracleAgentAnswer(agent, message, undefined, history);
    history.push({ role: "user", text: message }, { role: "agent", text: answer });
    return answer;
  });
}
