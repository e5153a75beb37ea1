// The REST shim under /api: each domain contributes its routes; errors keep one shape.
import { Hono, type Context } from "hono";
import { accountRoutes } from "../domains/accounts/rest.ts";
import { curatorRoutes } from "../domains/accounts/curators.rest.ts";
import { agentRoutePolicies, agentRoutes } from "../domains/agents/rest.ts";
import { conversationRoutes } from "../domains/conversations/rest.ts";
import { conclaveRoutes } from "../domains/conversations/conclaves.rest.ts";
import { councilRoutes } from "../domains/council/rest.ts";
import { curationRoutes } from "../domains/curation/rest.ts";
import { mindRoutes } from "../domains/mind/rest.ts";
import { notificationRoutes } from "../domains/notifications/rest.ts";
import { sharingRoutes } from "../domains/sharing/rest.ts";
import { mindsRoutes } from "../domains/usage/rest.ts";
import { waitlistRoutes } from "../domains/waitlist/rest.ts";
import { whisperRoutes } from "../domains/whispers/rest.ts";
import type { Logger } from "../logger.ts";
import { badInput } from "../errors.ts";
import { inspectInput, refusalOf } from "../nul.ts";
import type { Services } from "../services.ts";
import { authenticate } from "./auth.ts";
import { restErrorHandler, restNotFound } from "./errors.ts";
import { routePolicies } from "./route-policy.ts";

/** The edge's rules for the routes below, as each domain declares them beside its routes. */
export const restRoutePolicies = () => routePolicies([...agentRoutePolicies]);

export function restApi(services: Services, log: Logger, addressOf: (c: Context) => string) {
  const api = new Hono();
  // A NUL or a lone surrogate in the path or the query: the client's mistake, answered before anything reads it.
  api.use("*", async (c, next) => {
    const found = inspectInput([c.req.path, ...Object.entries(c.req.queries()).flat(2)]);
    if (found) throw badInput(refusalOf(found));
    await next();
  });
  api.use("*", authenticate(services.sessions, addressOf));
  api.route("/", agentRoutes(services));
  api.route("/", whisperRoutes(services));
  api.route("/", conversationRoutes(services));
  api.route("/", conclaveRoutes(services));
  api.route("/", mindRoutes(services));
  api.route("/", councilRoutes(services));
  api.route("/", sharingRoutes(services));
  api.route("/", waitlistRoutes(services));
  api.route("/", accountRoutes(services));
  api.route("/", curatorRoutes(services));
  api.route("/", curationRoutes(services));
  api.route("/", mindsRoutes(services));
  api.route("/", notificationRoutes(services));
  // Mounted under the web app's catch-all, so unknown /api paths must be answered here.
  api.all("*", restNotFound);
  api.onError(restErrorHandler(log));
  return api;
}
