// The domain service layer: one instance per process, shared by GraphQL, REST and
// subscriptions so that the two APIs never disagree.
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { systemClock, type Clock } from "./clock.ts";
import { loadConfig, type Config } from "./config.ts";
import { createSignInGuard } from "./domains/accounts/attempts.ts";
import { createCuratorService } from "./domains/accounts/curators.ts";
import { createMailer, type Mailer } from "./domains/accounts/mail.ts";
import { createAccountService } from "./domains/accounts/service.ts";
import { createSessions } from "./domains/accounts/sessions.ts";
import { createAgentForge } from "./domains/agents/forge.ts";
import { createLineage } from "./domains/agents/lineage.ts";
import { createAgentReader } from "./domains/agents/service.ts";
import { createCouncilService } from "./domains/council/service.ts";
import { createCurationService } from "./domains/curation/service.ts";
import { createCounterStore, type CounterStore } from "./domains/usage/counters.ts";
import { createUsageService, type UsageService } from "./domains/usage/service.ts";
import { createWaitlistService } from "./domains/waitlist/service.ts";
import { createWhisperService } from "./domains/whispers/service.ts";
import type { PrismaClient } from "./generated/prisma/client.ts";
import type { EventBus } from "./graphql/pubsub.ts";
import type { Logger } from "./logger.ts";
import type { Minds } from "./minds/types.ts";

type AccountConfig = Pick<Config, "publicUrl" | "dailyQuotas" | "limits">;

export type ServiceDeps = {
  prisma: PrismaClient;
  bus: EventBus;
  minds: Minds;
  log: Logger;
  config: Pick<Config, "ascensionThreshold"> & Partial<AccountConfig>;
  /** The rest have defaults, so a script or test can build the services from the first five. */
  clock?: Clock;
  counters?: CounterStore;
  mailer?: Mailer;
  jwtSecret?: string;
};

/** What each domain's service receives: the shared parts, with the usage meter among them. */
export type DomainDeps = Omit<ServiceDeps, "clock"> & { clock: Clock; usage: UsageService };

export function createServices(deps: ServiceDeps) {
  const config: AccountConfig = { ...pickAccountConfig(loadConfig({})), ...deps.config };
  const clock = deps.clock ?? systemClock;
  const counters = deps.counters ?? createCounterStore({ prefix: "nomina", log: deps.log });
  const mailer = deps.mailer ?? createMailer({ smtpUrl: undefined, outboxDir: path.join(tmpdir(), "nomina-outbox"), log: deps.log });
  const sessions = createSessions({ prisma: deps.prisma, clock, secret: deps.jwtSecret ?? randomBytes(48).toString("base64url") });
  const usage = createUsageService({ prisma: deps.prisma, clock, counters, dailyQuotas: config.dailyQuotas, limits: config.limits });
  const domain: DomainDeps = { ...deps, clock, usage };
  const { forge, remix } = createAgentForge(deps.prisma, usage, deps.bus);
  const signIn = (realm: string) => createSignInGuard(counters, config.limits, realm);
  return {
    agents: { ...createAgentReader(deps.prisma), forge },
    lineage: { ...createLineage(deps.prisma), remix },
    whispers: createWhisperService(domain),
    council: createCouncilService(domain),
    waitlist: createWaitlistService(deps.prisma, usage),
    usage,
    sessions,
    accounts: createAccountService({ ...domain, sessions, counters, mailer, guard: signIn("login"), publicUrl: config.publicUrl }),
    curators: createCuratorService({ prisma: deps.prisma, clock, sessions, guard: signIn("curator-login") }),
    curation: createCurationService({ prisma: deps.prisma, bus: deps.bus, clock }),
  };
}

function pickAccountConfig({ publicUrl, dailyQuotas, limits }: Config): AccountConfig {
  return { publicUrl, dailyQuotas, limits };
}

export type Services = ReturnType<typeof createServices>;
