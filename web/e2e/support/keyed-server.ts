// A private instance of the built app whose DeepSeek seat is keyed and pointed at a local
// stand-in speaking DeepSeek's own OpenAI-style streaming wire format (api/test/providers.ts,
// the stand-in the API tests use). The shared e2e server answers from the offline oracle, whose
// words are fixed prose; through this one a spec scripts what a model says (Markdown, an answer
// held open mid-stream) and sees what the provider saw (the thread, a cancelled call). Each
// instance has its own data directory and a free port; the spec stops it when done. A spec may
// configure the seats otherwise (`seats`), for instance bound to an OpenAI-compatible stand-in.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startFakeProviders, type FakeProviders } from "../../../api/test/providers.ts";
import { launchBuiltApp } from "./private-server";

export type KeyedServer = { url: string; providers: FakeProviders; stop(): Promise<void> };

/** The DeepSeek seat keyed and pointed at its own provider's stand-in; the others the oracle. */
const keyedDeepSeek = (providers: FakeProviders) => ({
  DEEPSEEK_API_KEY: "sk-e2e-stand-in",
  DEEPSEEK_BASE_URL: providers.baseUrls.deepseek,
  DEEPSEEK_MODEL: "deepseek-stand-in",
});

/** `seats`: how the seats are bound (the keyed DeepSeek by default); `env`: more settings for the instance (a priced model, a budget). */
export async function startKeyedServer(
  seats: (providers: FakeProviders) => Record<string, string> = keyedDeepSeek,
  env: Record<string, string> = {},
): Promise<KeyedServer> {
  const providers = await startFakeProviders();
  const dataDir = mkdtempSync(path.join(tmpdir(), "nomina-e2e-keyed-"));
  // A server that does not start is stopped by launchBuiltApp, which closes the stand-ins with it.
  const server = await launchBuiltApp(dataDir, { ...seats(providers), ...env }, "keyed", () => providers.close());
  return { ...server, providers };
}
