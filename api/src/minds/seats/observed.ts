// Every seat call counted for operators (/metrics): by seat, mode (the model, or the oracle when
// it answered, whether for a seat without a key or in the model's place) and outcome, with its
// latency and estimated cost. The curators' per-day health is the ledger's (domains/usage/spend.ts).
import { metrics } from "../../metrics.ts";
import { SeatFailure } from "../identity.ts";
import type { Voice } from "./voice.ts";

export function observedVoice(voice: Voice): Voice {
  return {
    get identity() {
      return voice.identity;
    },
    async speak(request, options) {
      const started = performance.now();
      try {
        const answer = await voice.speak(request, options);
        const outcome = answer.oracleReason ? `oracle-${answer.oracleReason}` : "ok";
        metrics.seatCalls.inc({ seat: answer.seat, mode: answer.mode, outcome });
        metrics.seatDuration.observe({ seat: answer.seat, mode: answer.mode }, answer.latencyMs / 1000);
        if (answer.costUsd) metrics.seatCost.inc({ seat: answer.seat }, answer.costUsd);
        return answer;
      } catch (error) {
        const identity = error instanceof SeatFailure ? error.identity : voice.identity;
        const latencyMs = error instanceof SeatFailure ? error.latencyMs : performance.now() - started;
        metrics.seatCalls.inc({ seat: identity.seat, mode: identity.mode, outcome: error instanceof SeatFailure ? error.kind : "fault" });
        metrics.seatDuration.observe({ seat: identity.seat, mode: identity.mode }, latencyMs / 1000);
        throw error;
      }
    },
  };
}
