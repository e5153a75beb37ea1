// /api/curator/...: the curator-only acts. Every route here needs a curator's bearer token.
import { Hono, type MiddlewareHandler } from "hono";
import { tagSchema } from "@nomina/shared/tags";
import { z } from "zod";
import { readJson, validate } from "../../http/body.ts";
import { actorOf } from "../../http/actor.ts";
import type { Services } from "../../services.ts";
import { requireCurator } from "../accounts/access.ts";
import { memberJson, ritualLogJson } from "../council/rest.ts";
import { agentJson, tagJson } from "../agents/rest.ts";
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

const mergeTagBody = z.object({ into: tagSchema });

export function curationRoutes(services: Services) {
  const { curation } = services;
  return (
    new Hono()
      .use("/curator/agents/*", curatorsOnly)
      .use("/curator/whispers/*", curatorsOnly)
      .use("/curator/tags/*", curatorsOnly)
      .post("/curator/agents/:id/:act{archive|restore|ascend|retire}", async (c) => {
        const act = c.req.param("act") as "archive" | "restore" | "ascend" | "retire";
        return c.json(actJson(await curation[act](c.req.param("id"), actorOf(c))));
      })
      .post("/curator/whispers/:id/remove", async (c) => {
        const { whisperId, log } = await curation.removeWhisper(c.req.param("id"), actorOf(c));
        return c.json({ removedWhisperId: whisperId, log: ritualLogJson(log) });
      })
      // Tags (#30): merge one into another, or remove it from every agent. The tag in the path is
      // read as tags are (normalised): /curator/tags/Poetry/remove removes poetry.
      .post("/curator/tags/:tag/merge", async (c) => {
        const tag = validate(tagSchema, c.req.param("tag"));
        const { into } = await readJson(c, mergeTagBody);
        const merge = await curation.mergeTag(tag, into, actorOf(c));
        return c.json({ removedTag: merge.removed, tag: tagJson(merge.tag), agentCount: merge.agents, log: ritualLogJson(merge.log) });
      })
      .post("/curator/tags/:tag/remove", async (c) => {
        const removal = await curation.removeTag(validate(tagSchema, c.req.param("tag")), actorOf(c));
        return c.json({ removedTag: removal.removed, agentCount: removal.agents, log: ritualLogJson(removal.log) });
      })
  );
}
