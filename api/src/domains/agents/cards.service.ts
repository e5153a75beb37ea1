// Exporting an agent as a character card and forging one from a card: the service GraphQL and
// REST both call. What a card is and how it is read lives in cards.ts.
import { pathTo, paths } from "@nomina/shared/paths";
import type { Actor } from "../../actor.ts";
import type { Agent } from "../../../generated/prisma/client.ts";
import { badInput, notFound } from "../../errors.ts";
import { FORGE_NAME_MAX, type AgentEssence } from "@nomina/shared/agents";
import { createCardPictures, type CardPictures } from "./card-picture.ts";
import { CardError, cardOf, essenceOfCard, readCard, withCard, type CardV3, type ImportedCard } from "./cards.ts";

type CardDeps = {
  findByRef: (ref: string) => Promise<Agent | null>;
  fromCard: (card: ImportedCard, essence: AgentEssence, actor: Actor) => Promise<Agent>;
  publicUrl: string;
  /** The process's card pictures (queued, budgeted, cached); one of its own by default. */
  pictures?: CardPictures;
};

export function createAgentCards({ findByRef, fromCard, publicUrl, pictures = createCardPictures() }: CardDeps) {
  async function agentNamed(ref: string) {
    const agent = await findByRef(ref);
    if (!agent) throw notFound("Agent not found");
    return agent;
  }
  const cardFor = (agent: Agent): CardV3 => cardOf(agent, `${publicUrl}${pathTo(paths.agentByUsername, { username: agent.username })}`);

  return {
    /** The agent's Character Card V3. */
    async card(ref: string): Promise<{ agent: Agent; card: CardV3 }> {
      const agent = await agentNamed(ref);
      return { agent, card: cardFor(agent) };
    },

    /**
     * The card inside a PNG of the agent's glyph (ccv3, and chara for V2 readers). When `signal`
     * aborts (the client has gone) before the picture's turn, nothing is drawn: an AbortError.
     */
    async cardPng(ref: string, signal?: AbortSignal): Promise<{ agent: Agent; png: Buffer }> {
      const agent = await agentNamed(ref);
      return { agent, png: withCard(await pictures.picture(agent, signal), cardFor(agent)) };
    },

    /**
     * A new agent from a V2 or V3 card (PNG bytes or JSON), held to the limits of an edited agent;
     * a bad file, or a field over a limit, is refused saying what is wrong.
     */
    async importCard(body: unknown, actor: Actor): Promise<Agent> {
      let card: ImportedCard;
      let essence: AgentEssence;
      try {
        card = readCard(body);
        essence = essenceOfCard(card, FORGE_NAME_MAX);
      } catch (error) {
        if (error instanceof CardError) throw badInput(error.message, "card");
        throw error;
      }
      return fromCard(card, essence, actor);
    },
  };
}
