// The REST shim under /api: each domain contributes its routes; errors keep one shape.
import { Hono } from "hono";
import { agentRoutes } from "../domains/agents/rest.ts";
import { councilRoutes } from "../domains/council/rest.ts";
import { waitlistRoutes } from "../domains/waitlist/rest.ts";
import { whisperRoutes } from "../domains/whispers/rest.ts";
import type { Logger } from "../logger.ts";
import type { Services } from "../services.ts";
import { restErrorHandler, restNotFound } from "./errors.ts";

export function restApi(services: Services, log: Logger) {
  const api = new Hono();
  api.route("/", agentRoutes(services));
  api.route("/", whisperRoutes(services));
  api.route("/", councilRoutes(services));
  api.route("/", waitlistRoutes(services));
  // Mounted under the web app's catch-all, so unknown /api paths must be answered here.
  api.all("*", restNotFound);
  api.onError(restErrorHandler(log));
  return api;
}
