// The domain service layer: one instance per process, shared by GraphQL, REST and
// subscriptions so that the two APIs never disagree. Built from collaborators the caller makes
// (app.ts in the server; api/test/services.ts gives tests theirs): nothing here has a default.
import { createSignInGuard } from "./domains/accounts/attempts.ts";
import { createCuratorService } from "./domains/accounts/curators.ts";
import { createAccountService } from "./domains/accounts/service.ts";
import { createSessions } from "./domains/accounts/sessions.ts";
import { createAgentCards } from "./domains/agents/cards.service.ts";
import { createAvatars } from "./domains/agents/avatars.ts";
import { createCreatorTools } from "./domains/agents/creators.ts";
import { createAgentForge } from "./domains/agents/forge.ts";
import { createLineage } from "./domains/agents/lineage.ts";
import { createAgentReader } from "./domains/agents/service.ts";
import { createTagReader } from "./domains/agents/tags.ts";
import { adoptAgents, adoptConversations, adoptCouncilSessions, adoptPersonasAndMemories } from "./domains/adoption.ts";
import { createConversationService } from "./domains/conversations/service.ts";
import { createMindService } from "./domains/mind/service.ts";
import { createCouncilService } from "./domains/council/service.ts";
import { createCurationService } from "./domains/curation/service.ts";
import { createNotificationService } from "./domains/notifications/service.ts";
import { createSharingService } from "./domains/sharing/service.ts";
import type { DomainDeps, ServiceDeps } from "./domains/deps.ts";
import { createUsageService } from "./domains/usage/service.ts";
import { createSpendService } from "./domains/usage/spend.ts";
import { createWaitlistService } from "./domains/waitlist/service.ts";
import { createWhisperService } from "./domains/whispers/service.ts";
import { createAgentActivity } from "./domains/agents/activity.ts";
import { createYourData } from "./domains/accounts/your-data.ts";

export type { DomainDeps, ServiceDeps };

export function createServices(deps: ServiceDeps) {
  const { config, clock, counters, mailer, ledger } = deps;
  const sessions = createSessions({ prisma: deps.prisma, clock, secret: deps.jwtSecret });
  const usage = createUsageService({ prisma: deps.prisma, clock, counters, dailyQuotas: config.dailyQuotas, limits: config.limits });
  const notifications = createNotificationService({ prisma: deps.prisma, bus: deps.bus, clock, log: deps.log });
  const domain: DomainDeps = { ...deps, usage, notifications };
  const { forge, remix, fromCard } = createAgentForge({ prisma: deps.prisma, usage, bus: deps.bus, minds: deps.minds, notifications });
  const reader = createAgentReader({ prisma: deps.prisma });
  const creators = createCreatorTools({ prisma: deps.prisma, minds: deps.minds });
  const signIn = (realm: string) => createSignInGuard({ counters, limits: config.limits, realm });
  const mind = createMindService({ prisma: deps.prisma, minds: deps.minds, log: deps.log });
  return {
    agents: { ...reader, forge },
    creators,
    tags: createTagReader({ prisma: deps.prisma }),
    avatars: createAvatars({ prisma: deps.prisma, changeable: (ref, actor) => creators.changeable(ref, actor) }),
    cards: createAgentCards({ findByRef: (ref) => reader.findByRef(ref), fromCard, publicUrl: config.publicUrl }),
    lineage: { ...createLineage({ prisma: deps.prisma }), remix },
    activity: createAgentActivity({ prisma: deps.prisma, findByRef: (ref) => reader.findByRef(ref) }),
    whispers: createWhisperService(domain),
    // An answer still "streaming" after three times the seat timeout (a retry, the slot wait) was lost with its process.
    conversations: createConversationService({ ...domain, agents: reader, staleAfterMs: config.minds.timeoutMs * 3, mind }),
    mind,
    council: createCouncilService(domain),
    sharing: createSharingService(domain),
    waitlist: createWaitlistService({ prisma: deps.prisma, usage }),
    usage,
    spend: createSpendService({ ledger, minds: deps.minds }),
    sessions,
    accounts: createAccountService({
      ...domain,
      sessions,
      counters,
      mailer,
      guard: signIn("login"),
      publicUrl: config.publicUrl,
      adopters: [
        adoptConversations,
        adoptCouncilSessions,
        adoptAgents,
        adoptPersonasAndMemories,
        (tx, visitorId, userId) => notifications.adopt(tx, visitorId, userId),
      ],
    }),
    curators: createCuratorService({ prisma: deps.prisma, clock, sessions, guard: signIn("curator-login") }),
    curation: createCurationService({ prisma: deps.prisma, bus: deps.bus, clock, notifications }),
    notifications,
    yourData: createYourData({ prisma: deps.prisma, counters, guard: signIn("login"), publicUrl: config.publicUrl, clock }),
  };
}

export type Services = ReturnType<typeof createServices>;
