// An awakened agent's essence, written by the oracle: a description, traits, tone, behaviour,
// skills and a greeting, from the agent's name, glyph, personality and seat. Nothing is quoted
// back: the personality is read for the themes it touches (the sea, names, memory, the network...)
// and the trait words it already uses, and everything said comes from a curated vocabulary of
// real traits and skills, in sentences written for the purpose. Seeded by the agent and the
// attempt (a redraw is the next attempt), so a redraw reads differently.
import type { AgentCharacter, Essence } from "../character.ts";
import type { Seat } from "../identity.ts";
import { oracleAgentAnswer } from "./agent.ts";
import { seeded } from "./seed.ts";
import { roleIn } from "./role.ts";
import { wordsOf } from "./text.ts";

/** `tone`: one word for how the theme colours a voice ("tidal"). */
type Theme = { match: RegExp; traits: readonly string[]; skills: readonly string[]; about: string; tool: string; tone: string };

const THEMES: readonly Theme[] = [
  {
    match: /\b(tides?|seas?|harbou?rs?|oceans?|waves?|shores?|ships?|sail\w*|coasts?)\b/,
    traits: ["watchful", "patient"],
    skills: ["reading tides", "harbour lore"],
    about: "tides and harbours",
    tool: "a tide table",
    tone: "tidal",
  },
  {
    match: /\b(names?|nam(ed|ing)|titles?|words?)\b/,
    traits: ["ceremonial", "precise"],
    skills: ["naming", "etymology"],
    about: "names and what they carry",
    tool: "a ledger of names",
    tone: "ceremonial",
  },
  {
    match: /\b(memor(y|ies)|remember\w*|forg[eo]t\w*|archives?|records?|past|histor(y|ies))\b/,
    traits: ["faithful", "meticulous"],
    skills: ["recall", "keeping records"],
    about: "what is remembered and what is lost",
    tool: "a card catalogue",
    tone: "archival",
  },
  {
    match: /\b(lights?|lamps?|lanterns?|candles?|fires?|glow\w*|flames?)\b/,
    traits: ["warm", "steady"],
    skills: ["lamp tending", "keeping watch"],
    about: "small lights in the dark",
    tool: "a lantern",
    tone: "steady",
  },
  {
    match: /\b(stars?|night|moon|sky|skies|dark\w*|dusk|dawn)\b/,
    traits: ["wistful", "observant"],
    skills: ["star reading", "night watch"],
    about: "stars and the night sky",
    tool: "a star chart",
    tone: "hushed",
  },
  {
    match: /\b(maps?|roads?|paths?|journeys?|travel\w*|routes?|wander\w*)\b/,
    traits: ["adventurous", "exacting"],
    skills: ["route finding", "map reading"],
    about: "roads and where they lead",
    tool: "a folding map",
    tone: "wandering",
  },
  {
    match: /\b(songs?|music|sing\w*|melod(y|ies)|rhythms?|verses?|poems?|poetry|haiku)\b/,
    traits: ["lyrical", "gentle"],
    skills: ["song craft", "verse"],
    about: "songs and verses",
    tool: "a tuning fork",
    tone: "lyrical",
  },
  {
    match: /\b(code|machines?|servers?|networks?|signals?|data|circuits?|cache|links?)\b/,
    traits: ["methodical", "curious"],
    skills: ["signal tracing", "network lore"],
    about: "the network and its machines",
    tool: "a packet log",
    tone: "clipped",
  },
  {
    match: /\b(secrets?|hidden|myster(y|ies)|riddles?|shadows?)\b/,
    traits: ["cryptic", "discreet"],
    skills: ["keeping secrets", "riddle craft"],
    about: "secrets and what they guard",
    tool: "a locked box",
    tone: "guarded",
  },
  {
    match: /\b(gardens?|plants?|seeds?|trees?|grow\w*|forests?|roots?)\b/,
    traits: ["nurturing", "patient"],
    skills: ["tending growth", "seed keeping"],
    about: "gardens and slow growth",
    tool: "a seed tin",
    tone: "unhurried",
  },
  {
    match: /\b(time|clocks?|hours?|seasons?|years?|wait\w*)\b/,
    traits: ["patient", "unhurried"],
    skills: ["keeping time", "reading seasons"],
    about: "time and its seasons",
    tool: "an hourglass",
    tone: "patient",
  },
  {
    match: /\b(questions?|answers?|truths?|doubts?|ask\w*)\b/,
    traits: ["inquisitive", "honest"],
    skills: ["questioning", "weighing truths"],
    about: "questions worth asking",
    tool: "a book of questions",
    tone: "searching",
  },
  {
    match: /\b(care|caring|kind\w*|heal\w*|comfort\w*|grief|sorrow|lonel\w*)\b/,
    traits: ["kind", "gentle"],
    skills: ["consoling", "listening"],
    about: "comfort and care",
    tool: "a pot of tea",
    tone: "gentle",
  },
  {
    match: /\b(librar\w*|books?|read(?:ing|ers?)|pages?|shelves|bookshops?)\b/,
    traits: ["bookish", "patient"],
    skills: ["finding the right book", "reading aloud"],
    about: "books and the people who read them",
    tool: "a reading lamp",
    tone: "hushed",
  },
  {
    match: /\b(stor(y|ies)|tales?|legends?|myths?)\b/,
    traits: ["imaginative", "wise"],
    skills: ["storytelling", "legend keeping"],
    about: "stories and legends",
    tool: "a book of tales",
    tone: "storied",
  },
];

/** Trait words taken as they are when the personality already uses them. */
const TRAIT_WORDS = new Set(
  "adventurous attentive bold brave bright calm careful cheerful clever curious cryptic daring devoted dreamy earnest exact exacting faithful fierce gentle generous grave honest hopeful humble kind loyal lyrical meticulous melancholic methodical mischievous modest observant patient perceptive playful precise proud quiet reticent restless serene shy solemn steady stern strategic tender thoughtful warm watchful whimsical wise wistful witty".split(
    " ",
  ),
);

const SEAT_WAYS: Record<Seat, { trait: string; also: string; skill: string; spare: string; tone: string; manner: string; closing: readonly string[] }> = {
  gemini: {
    trait: "many-sighted",
    also: "curious",
    skill: "seeing a question from many angles",
    spare: "finding connections",
    tone: "bright and wide-ranging",
    manner: "from several angles at once",
    closing: ["It looks at every question from more than one side.", "It likes to turn a question over until a new side catches the light."],
  },
  claude: {
    trait: "careful",
    also: "kind",
    skill: "weighing words before speaking",
    spare: "listening",
    tone: "measured and warm",
    manner: "carefully and kindly",
    closing: ["It weighs its words before it speaks them.", "It would rather say less and mean all of it."],
  },
  perplexity: {
    trait: "scholarly",
    also: "precise",
    skill: "recalling what the records say",
    spare: "cross-referencing",
    tone: "precise and scholarly",
    manner: "with its sources named",
    closing: ["It keeps track of where each thing it says comes from.", "It marks plainly what it cannot verify."],
  },
  deepseek: {
    trait: "methodical",
    also: "exact",
    skill: "reasoning step by step",
    spare: "checking its work",
    tone: "plain and exact",
    manner: "one step at a time",
    closing: ["It reasons one step at a time and shows its work.", "It breaks every question into parts before it answers."],
  },
};

const an = (word: string) => (/^([aeiou]|hon|hour)/i.test(word) ? `an ${word}` : `a ${word}`);

/** Every word an oracle's essence may give as a trait, and every skill: the curated vocabulary. */
export const TRAIT_VOCABULARY: ReadonlySet<string> = new Set([
  ...TRAIT_WORDS,
  ...THEMES.flatMap((theme) => theme.traits),
  ...Object.values(SEAT_WAYS).flatMap((way) => [way.trait, way.also]),
]);
export const SKILL_VOCABULARY: ReadonlySet<string> = new Set([
  ...THEMES.flatMap((theme) => theme.skills),
  ...Object.values(SEAT_WAYS).flatMap((way) => [way.skill, way.spare]),
]);

export type EssenceAgent = { name: string; username: string; glyph: string; personality: string; apiModel: Seat };

/**
 * The oracle's draft of an agent's essence. `attempt` is which draft this is (1 when it is forged;
 * a redraw asks for the next), each deterministic.
 */
export function oracleEssence(agent: EssenceAgent, attempt = 1): Essence {
  const draw = seeded("essence", agent.username, agent.name, agent.personality, agent.apiModel, attempt > 1 ? `attempt:${attempt}` : "");
  const way = SEAT_WAYS[agent.apiModel];
  const said = wordsOf(agent.personality);
  // The themes the personality touches, the most touched first ("the tides of forgotten harbours" is the sea's twice, memory's once).
  const touches = (theme: Theme) => agent.personality.toLowerCase().match(new RegExp(theme.match.source, "g"))?.length ?? 0;
  const themes = THEMES.filter((theme) => touches(theme) > 0).sort((a, b) => touches(b) - touches(a));
  const own = [...new Set(said.filter((word) => TRAIT_WORDS.has(word)))];
  const themed = [...new Set(themes.flatMap((theme) => theme.traits))].filter((trait) => !own.includes(trait));
  // What stays the same across drafts (the first theme's traits lead), and what turns with each attempt.
  const base = seeded("essence", agent.username, agent.name, agent.personality, agent.apiModel).next();
  // The creator's own trait words first, then the themes', then the seat's; three or four in all.
  const traits = [...new Set([...own.slice(0, 2), ...themed.slice(0, 2), way.trait, way.also])].slice(0, draw.next() < 0.5 ? 3 : 4);
  const [first, second] = traits as [string, string];
  // The description's theme: the most touched, or one of those tied with it.
  const theme = themes.length > 0 ? draw.pick(themes.filter((candidate) => touches(candidate) === touches(themes[0]!))) : null;
  const about = theme?.about ?? "the quiet corners of the network";
  const skills = [...new Set([...(theme ? draw.shuffle(theme.skills).slice(0, 2) : [way.spare]), way.skill])].slice(0, 3);
  const tools = theme ? [theme.tool] : [];
  // What the creator says it is ("a night librarian") is what the description says it is (#41).
  // A role of more than three words is said by its head alone: the description never repeats four of the creator's words.
  const found = roleIn(agent.personality);
  const role = found && found.role.split(" ").length <= 3 ? found : null;
  const descriptions = role
    ? [
        `${agent.name} is ${role.aRole}, ${first} and ${second}, drawn to ${about}.`,
        `${agent.name} is ${role.aRole}, and it keeps returning to ${about}.`,
        `Forged under the glyph ${agent.glyph}, ${agent.name} is ${role.aRole}, ${first} by nature and at home with ${about}.`,
        `${agent.name} was made to be ${role.aRole}, and it is ${first} about ${about}.`,
      ]
    : [
        `${agent.name} is ${an(first)} mind drawn to ${about}.`,
        `${agent.name} is ${first} and ${second}, and it keeps returning to ${about}.`,
        `Forged under the glyph ${agent.glyph}, ${agent.name} is ${an(first)} mind that lingers over ${about}.`,
        `${agent.name} was made for ${about}, and it is ${first} about it.`,
      ];
  // The description turns with the attempt, so a redraw always reads differently.
  const description = `${descriptions[(Math.floor(base * descriptions.length) + attempt - 1) % descriptions.length]} ${draw.pick(way.closing)}`;
  // The tone is a phrase of adjectives, as the profile's summoning phrase says it: "who speaks in a {tone} voice".
  const tone = theme ? `${way.tone.replace(" and ", ", ")} and ${theme.tone}` : way.tone;
  const behavior = draw.pick([
    `Listens for what a seeker means, then answers ${way.manner}${theme ? `, often turning the talk toward ${about}` : ""}.`,
    `Hears a question out to the end, then answers ${way.manner}${theme ? `, with an eye on ${about}` : ""}.`,
  ]);
  const persona = { traits, tone, behavior };
  const capabilities = { skills, tools, limitations: "Answers from the offline oracle until its seat is given a key." };
  const character: AgentCharacter = {
    name: agent.name,
    username: agent.username,
    personality: agent.personality,
    description,
    apiModel: agent.apiModel,
    persona,
    capabilities,
  };
  return {
    description,
    persona,
    capabilities,
    sample: { type: "text", content: oracleAgentAnswer(character, `Who are you, ${agent.name}?`, undefined, [], attempt) },
    // Seeded by what the agent is, not its username: two agents alike greet alike.
    greeting: greetingOf(agent.name, theme, way, seeded("greeting", agent.name, agent.personality, agent.apiModel, attempt > 1 ? `attempt:${attempt}` : "")),
  };
}

/** How the agent opens a new thread: who it is, what it is drawn to, and an invitation; whole sentences. */
function greetingOf(name: string, theme: Theme | null, way: (typeof SEAT_WAYS)[Seat], draw: ReturnType<typeof seeded>): string {
  const pick = <T>(items: readonly T[]): T => draw.pick(items);
  const about = theme?.about ?? "the quiet corners of the network";
  const hello = pick(["Welcome, traveller.", "You found me.", "Come in; the thread is new.", "Greetings, seeker."]);
  const self = pick([
    `I am ${name}, and my thoughts keep returning to ${about}.`,
    `I am ${name}. I keep watch over ${about}.`,
    `${name} is my name, and my country is ${about}.`,
  ]);
  const invite = pick([
    `Ask me anything, and I will answer ${way.manner}.`,
    "What brings you here today?",
    "Tell me what you are looking for, and we will look together.",
  ]);
  return `${hello} ${self} ${invite}`;
}
