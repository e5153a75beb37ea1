// What the domain services are built from. Kept apart from services.ts (which builds them all)
// so that a domain names its dependencies without importing the module that imports it.
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import type { Logger } from "../logger.ts";
import type { Minds } from "../minds/types.ts";
import type { Mailer } from "./accounts/mail.ts";
import type { EventBus } from "./events.ts";
import type { NotificationService } from "./notifications/service.ts";
import type { CounterStore } from "./usage/counters.ts";
import type { UsageService } from "./usage/service.ts";
import type { MindsLedger } from "./usage/spend.ts";

export type AccountConfig = Pick<Config, "publicUrl" | "dailyQuotas" | "limits">;

export type ServiceDeps = {
  prisma: PrismaClient;
  bus: EventBus;
  minds: Minds;
  log: Logger;
  config: Pick<Config, "ascensionThreshold"> & AccountConfig & { minds: Pick<Config["minds"], "timeoutMs" | "chair" | "contextTokens"> };
  clock: Clock;
  counters: CounterStore;
  /** Where the minds' spending is counted (the one `minds` was made with). */
  ledger: MindsLedger;
  mailer: Mailer;
  jwtSecret: string;
};

/** What each domain's service receives: the shared parts, with the usage meter among them. */
export type DomainDeps = ServiceDeps & { usage: UsageService; notifications: NotificationService };
