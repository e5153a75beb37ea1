// Character cards over REST: where an agent's card is served, and sending one to be imported
// (POST /api/agents/import takes the file itself, JSON or PNG, up to 4 MB), as this browser's
// visitor and, when signed in, its user: the imported agent is theirs.
import { readToken } from "../../relay/token";
import { visitorKey } from "../../relay/visitor";

/** The header the server reads this browser's visitor key from (api/src/actor.ts). */
const VISITOR_HEADER = "x-nomina-visitor";

export const CARD_FILE_MAX = 4 * 1024 * 1024;

export function cardUrl(agentRawId: string, format: "json" | "png"): string {
  const base = `/api/agents/${encodeURIComponent(agentRawId)}/card`;
  return format === "png" ? `${base}?format=png` : base;
}

export type ImportedAgent = { id: string; name: string; username: string };

/** The file's card type, by its declared type or, failing that, its extension; null when neither. */
export function cardType(file: Pick<File, "name" | "type">): "application/json" | "image/png" | null {
  if (file.type === "image/png" || /\.png$/i.test(file.name)) return "image/png";
  if (file.type === "application/json" || /\.json$/i.test(file.name)) return "application/json";
  return null;
}

/** Imports a card: the new agent, or an Error carrying the server's message. */
export async function importCard(file: File): Promise<ImportedAgent> {
  const type = cardType(file);
  if (!type) throw new Error("A card is a .json or a .png file");
  if (file.size > CARD_FILE_MAX) throw new Error("The card is larger than 4 MB");
  const token = readToken();
  let response: Response;
  try {
    response = await fetch("/api/agents/import", {
      method: "POST",
      headers: { "Content-Type": type, [VISITOR_HEADER]: visitorKey(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: file,
    });
  } catch {
    throw new Error("The network could not be reached");
  }
  const body = (await response.json().catch(() => null)) as (Partial<ImportedAgent> & { message?: string }) | null;
  if (!response.ok || !body?.id) throw new Error(body?.message ?? `The card could not be imported (${response.status})`);
  return { id: body.id, name: body.name ?? "The agent", username: body.username ?? "" };
}
