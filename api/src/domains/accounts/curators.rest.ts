// /api/curator: curators sign in here, apart from users, and get a token for the curator-only
// routes (curation/rest.ts).
import { Hono } from "hono";
import type { CouncilUser } from "../../../generated/prisma/client.ts";
import { actorOf } from "../../http/actor.ts";
import { readJson } from "../../http/body.ts";
import type { Services } from "../../services.ts";
import { curatorSignInRefusal } from "./access.ts";
import { MESSAGES } from "./messages.ts";
import { loginSchema } from "@nomina/shared/accounts";

export const curatorJson = (curator: Omit<CouncilUser, "passwordHash">) => ({
  id: curator.id,
  name: curator.name,
  email: curator.email,
  isActive: curator.isActive,
  createdAt: curator.createdAt,
});

export function curatorRoutes(services: Services) {
  const { curators } = services;
  return new Hono()
    .post("/curator/login", async (c) => {
      const { token, curator } = await curators.login(await readJson(c, loginSchema), actorOf(c));
      return c.json({ token, curator: curatorJson(curator), message: MESSAGES.loggedIn });
    })
    .get("/curator/user", async (c) => {
      const curator = await curators.viewer(actorOf(c));
      if (!curator) throw curatorSignInRefusal();
      return c.json({ curator: curatorJson(curator) });
    })
    .post("/curator/logout", async (c) => {
      await curators.logout(actorOf(c));
      return c.json({ message: MESSAGES.loggedOut });
    });
}
