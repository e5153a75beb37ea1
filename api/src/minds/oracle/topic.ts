// The topic as a noun phrase fit for a slot in a sentence.
import type { Phrase } from "./parse.ts";

/** Words no topic is made of, however a question places them ("today", "a list"). */
const FILLER = /^(today|tonight|tomorrow|yesterday|now|list|lot|bit|please|thanks|way|ways|thing|things)$/i;

/** The topic as a noun phrase fit for a slot: named, short, and not a filler word; null otherwise. */
export function cleanTopic(topic: Phrase | null, unnamed = false): string | null {
  if (!topic || unnamed || topic.pronoun) return null;
  const words = topic.text.split(" ");
  if (words.length > 6 || topic.text.length > 48 || !/^[\p{L}\p{N}' -]+$/u.test(topic.text)) return null;
  if (FILLER.test(words.at(-1)!)) return null;
  return topic.text;
}
