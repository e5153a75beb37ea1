// The offline oracle's cost (#41): how long loading its resources takes (once a process, before
// the server listens), and the CPU of one answer: an agent's first answer, a regeneration deep in
// a thread of them, and a Council's four seats with their synthesis, over the newcomer's questions.
// All synchronous work on the event loop: the goal is that none holds it for 100 ms.
import { NEWCOMER_NOW, NEWCOMER_QUESTIONS, NIGHT_LIBRARIAN } from "../../api/test/newcomer-questions.ts";
import { ORACLE_PERSONAS } from "../../api/test/oracle-fixtures.ts";
import { oracleAgentAnswer, oracleSynthesis, warmOracle } from "../../api/src/minds/oracle.ts";
import { oracleCouncilAnswers } from "../../api/src/minds/oracle/council.ts";
import { percentile } from "./report.ts";

const GOAL_MS = 100;

/** Milliseconds each call of `work` took, one per call. */
function timed(calls: number, work: (i: number) => unknown): number[] {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    work(i);
    times.push(performance.now() - started);
  }
  return times;
}

const row = (label: string, times: number[]) =>
  `| ${label} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms | ${Math.max(...times).toFixed(1)} ms | ${times.length} |`;

export function oracleBenchmark(): string {
  const warm = warmOracle();
  const agents = [...ORACLE_PERSONAS, NIGHT_LIBRARIAN];
  const questions = NEWCOMER_QUESTIONS.map((entry) => entry.question);
  const pairs = questions.flatMap((question) => agents.map((agent) => ({ question, agent })));
  const options = { now: NEWCOMER_NOW };
  const first = timed(pairs.length, (i) => oracleAgentAnswer(pairs[i]!.agent, pairs[i]!.question, undefined, [], 1, options));
  // Regenerations in a fresh process: the twelfth draws the eleven before it (they are kept after).
  const twelfth = timed(questions.length, (i) => oracleAgentAnswer(NIGHT_LIBRARIAN, `${questions[i]!} `, undefined, [], 12, options));
  const next = timed(questions.length, (i) => oracleAgentAnswer(NIGHT_LIBRARIAN, `${questions[i]!} `, undefined, [], 13, options));
  const council = timed(questions.length, (i) => {
    const answers = oracleCouncilAnswers(questions[i]!, [], 1, NEWCOMER_NOW);
    return oracleSynthesis(questions[i]!, answers, [], {}, NEWCOMER_NOW);
  });
  const worst = Math.max(...first, ...twelfth, ...next, ...council);
  return [
    "## The offline oracle: loading it, and the CPU of one answer (#41)",
    "",
    `Loading wink-nlp's model, the CMU dictionary and mathjs, and a first answer of each kind: **${warm} ms**, once a process, before the server listens.`,
    `Then, over the newcomer's ${questions.length} questions (api/test/newcomer-questions.ts), in one process, each call on the event loop:`,
    "",
    "| answer | p50 | p95 | worst | calls |",
    "|---|---|---|---|---|",
    row(`an agent's first answer (${agents.length} agents)`, first),
    row("the twelfth regeneration, the eleven before it drawn first", twelfth),
    row("the regeneration after it (the attempts before are kept)", next),
    row("a Council: four seats and the synthesis", council),
    "",
    `Goal: none holds the event loop ${GOAL_MS} ms; the worst was ${worst.toFixed(1)} ms (${worst < GOAL_MS ? "met" : "missed"}).`,
  ].join("\n");
}
