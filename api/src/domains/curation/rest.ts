// /api/curator/...: the curator-only acts. Every route here needs a curator's bearer token.
import { Hono, type MiddlewareHandler } from "hono";
import { actorOf } from "../../http/actor.ts";
import type { Services } from "../../services.ts";
import { requireCurator } from "../accounts/access.ts";
import { memberJson, ritualLogJson } from "../council/rest.ts";
import { agentJson } from "../agents/rest.ts";
import type { AgentAct } from "./service.ts";

export const curatorsOnly: MiddlewareHandler = async (c, next) => {
  requireCurator(actorOf(c));
  await next();
};

const actJson = (act: AgentAct) => ({
  agent: agentJson(act.agent),
  member: act.member && memberJson(act.member),
  log: ritualLogJson(act.log),
});

export function curationRoutes(services: Services) {
  const { curation } = services;
  return new Hono()
    .use("/curator/agents/*", curatorsOnly)
    .use("/curator/whispers/*", curatorsOnly)
    .post("/curator/agents/:id/:act{archive|restore|ascend|retire}", async (c) => {
      const act = c.req.param("act") as "archive" | "restore" | "ascend" | "retire";
      return c.json(actJson(await curation[act](c.req.param("id"), actorOf(c))));
    })
    .post("/curator/whispers/:id/remove", async (c) => {
      const { whisperId, log } = await curation.removeWhisper(c.req.param("id"), actorOf(c));
      return c.json({ removedWhisperId: whisperId, log: ritualLogJson(log) });
    });
}
