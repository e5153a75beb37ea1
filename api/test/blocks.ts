// What the tests of a describe block share, started before them and stopped after them: the app
// (with Echo's id, with stand-ins for the model providers reset before each test, or with its log
// read for faults), and sockets to it. Each registers its own hooks; the block reads `block.app`.
// Vitest runs a block's afterAll hooks last registered first, so sockets close before the app stops.
import type { Client } from "graphql-ws";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { Seat } from "../src/minds/identity.ts";
import type { DatabaseKind } from "./databases.ts";
import { faultLog } from "./fuzz/invariants.ts";
import { connect } from "./live.ts";
import { NO_LIMITS, startTestApp, type TestApp, type TestAppOptions } from "./harness.ts";
import { settingsFor } from "./minds.ts";
import { startFakeProviders, type FakeProviders } from "./providers.ts";

/** Stand-ins for the model providers, for the tests of a block: reset before each test. */
export function providersPerBlock(): { providers: FakeProviders } {
  const block = {} as { providers: FakeProviders };
  beforeAll(async () => {
    block.providers = await startFakeProviders();
  });
  afterAll(() => block.providers?.close());
  beforeEach(() => block.providers.reset());
  return block;
}

export type BlockApp = {
  app: TestApp;
  /** Echo ("echo-haiku"), the genesis agent the tests talk to. */
  echoId: string;
  /** Set when the block asked for providers. */
  providers: FakeProviders;
};

/**
 * The block's app, without write or login limits (a block writes more than one visitor may in a
 * minute); `withKeys`: seats answered by provider stand-ins (the others by the oracle).
 */
export function appPerBlock(kind: DatabaseKind, options: TestAppOptions = {}, withKeys?: readonly Seat[]): BlockApp {
  const block = (withKeys ? providersPerBlock() : {}) as BlockApp;
  beforeAll(async () => {
    block.app = await startTestApp(kind, {
      limits: NO_LIMITS,
      ...(withKeys ? { minds: settingsFor(block.providers, withKeys) } : {}),
      ...options,
    });
    block.echoId = (await block.app.db.prisma.agent.findUniqueOrThrow({ where: { username: "echo-haiku" }, select: { id: true } })).id;
  });
  afterAll(() => block.app?.stop());
  return block;
}

/**
 * The block's app, its log read for faults: after the block's tests, not one thing they sent may
 * have been logged as a server fault (the client-mistake and edge tests).
 */
export function faultlessAppPerBlock(kind: DatabaseKind, options: TestAppOptions = {}): { app: TestApp } {
  const block = {} as { app: TestApp };
  const { logger, faults } = faultLog();
  beforeAll(async () => {
    block.app = await startTestApp(kind, { logger, ...options });
  });
  afterAll(async () => {
    await block.app?.stop();
    expect(faults).toEqual([]);
  });
  return block;
}

/** Opens graphql-ws clients to the block's app, each closed after the block's tests (before the app stops). */
export function socketsPerBlock(block: { app: TestApp }): () => Promise<Client> {
  const clients: Client[] = [];
  afterAll(() => Promise.all(clients.splice(0).map((client) => Promise.resolve(client.dispose()))));
  return async () => {
    const client = await connect(block.app);
    clients.push(client);
    return client;
  };
}

/** The block's app as `startTestApp` starts it (its limits on), started before the block's tests and stopped after. */
export function plainAppPerBlock(kind: DatabaseKind, options: TestAppOptions = {}): { app: TestApp } {
  const block = {} as { app: TestApp };
  beforeAll(async () => {
    block.app = await startTestApp(kind, options);
  });
  afterAll(() => block.app?.stop());
  return block;
}
