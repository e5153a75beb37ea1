// The whole request said back as a clause, from the oracle's side, to stand inside a sentence:
// "Is it safe to eat raw cookie dough?" is "whether it is safe to eat raw cookie dough", "Who won
// the last World Cup?" is "who won the last World Cup", "Write a Python function that reverses a
// string." is "writing a Python function that reverses a string" (#41: the answer names what was
// asked, not a word of its frame).
import type { Asked } from "./asked.ts";
import { cleanTopic } from "./topic.ts";
import { gerund, saidBack } from "./said-back.ts";

const MODALS = /^(?:can|could|should|would|will|shall|may|might|must|is|are|am|was|were|has|have|had|do|does|did)\b/;

const REQUEST =
  /^(?:please\s+)?(write|fix|debug|make|build|create|code|implement|explain|describe|translate|summari[sz]e|compose|draft|plan|design|recommend|suggest|find|show|list|give)\s+(?:me\s+)?(.+?)[.!?]*$/i;

/** What was asked, as a clause ("whether ...", "who ...", "writing ..."); the topic itself when no clause reads well. */
export function restated(body: string, asked: Asked): string {
  const { question, clause } = asked;
  const request = REQUEST.exec(body.trim());
  if (question.kind === "tell" && request) return `${gerund(request[1]!)} ${saidBack(request[2]!)}`;
  if (clause) {
    const subject = clause.subject?.text;
    const predicate = clause.predicate;
    if (question.kind === "whether" && subject) return `whether ${subject} ${predicate}`;
    if (question.kind !== "tell" && question.kind !== "whether" && question.kind !== "measure") {
      const wh = question.kind === "which" ? "which" : question.kind;
      if (!subject) return `${wh} ${predicate}`;
      // "How do I fix it?": how to fix it.
      if (clause.subject?.person === "second" && (wh === "how" || wh === "what") && !MODALS.test(predicate)) return `${wh} to ${predicate}`;
      // "What is the capital of X?": what the capital of X is.
      return `${wh} ${subject} ${predicate}`.replace(/\s+/g, " ");
    }
  }
  return cleanTopic(asked.topic, asked.unnamed) ?? "what you asked";
}
