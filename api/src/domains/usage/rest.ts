// /api/curator/minds: the minds' health for curators (the graph's mindsHealth), as JSON.
import { Hono } from "hono";
import { actorOf } from "../../http/actor.ts";
import type { Services } from "../../services.ts";
import { curatorsOnly } from "../curation/rest.ts";

export function mindsRoutes(services: Services) {
  return new Hono().use("/curator/minds", curatorsOnly).get("/curator/minds", async (c) => {
    const { seats, ...day } = await services.spend.report(actorOf(c));
    return c.json({
      ...day,
      seats: seats.map(({ identity, ...seat }) => ({ ...seat, mode: identity.mode, model: identity.model })),
    });
  });
}
