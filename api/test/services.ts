// The domain services for a test that builds its own beside the app (another process's view,
// other minds): the app's composition (services.ts) with a test's defaults for what it does not
// name, namely a random signing secret, limits counted in memory, an outbox in a temporary
// folder, a ledger without a cap and the real clock.
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { systemClock } from "../src/clock.ts";
import { loadConfig } from "../src/config.ts";
import { createMailer } from "../src/domains/accounts/mail.ts";
import { createCounterStore } from "../src/domains/usage/counters.ts";
import { createMindsLedger } from "../src/domains/usage/spend.ts";
import { createServices, type ServiceDeps } from "../src/services.ts";

type Needed = Pick<ServiceDeps, "prisma" | "bus" | "minds" | "log">;

export function testServices(deps: Needed & Partial<Omit<ServiceDeps, "config">> & { config?: Partial<ServiceDeps["config"]> }) {
  const defaults = loadConfig({});
  const clock = deps.clock ?? systemClock;
  return createServices({
    ...deps,
    config: {
      ascensionThreshold: defaults.ascensionThreshold,
      publicUrl: defaults.publicUrl,
      dailyQuotas: defaults.dailyQuotas,
      limits: defaults.limits,
      minds: defaults.minds,
      ...deps.config,
    },
    clock,
    counters: deps.counters ?? createCounterStore({ prefix: "nomina", log: deps.log }),
    ledger: deps.ledger ?? createMindsLedger({ prisma: deps.prisma, clock, budgetUsd: null, log: deps.log }),
    mailer: deps.mailer ?? createMailer({ smtpUrl: undefined, outboxDir: path.join(tmpdir(), "nomina-outbox"), log: deps.log }),
    jwtSecret: deps.jwtSecret ?? randomBytes(48).toString("base64url"),
  });
}
