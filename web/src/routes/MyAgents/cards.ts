// Character cards over REST: where an agent's card is served, and sending one to be imported
// (POST /api/agents/import takes the file itself, JSON or PNG, up to 4 MB), as this browser's
// visitor and, when signed in, its user: the imported agent is theirs.
import { restHeaders } from "../../relay/rest-headers";

export const CARD_FILE_MAX = 4 * 1024 * 1024;

export function cardUrl(agentRawId: string, format: "json" | "png"): string {
  const base = `/api/agents/${encodeURIComponent(agentRawId)}/card`;
  return format === "png" ? `${base}?format=png` : base;
}

export type ImportedAgent = { id: string; name: string; username: string };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The card's type, read from its first bytes (a PNG's signature), whatever the file is called:
 * anything else is sent as JSON, and the server says what is wrong with it if it is not.
 */
export async function cardType(file: Blob): Promise<"application/json" | "image/png"> {
  const head = new Uint8Array(await file.slice(0, PNG_SIGNATURE.length).arrayBuffer());
  return PNG_SIGNATURE.every((byte, i) => head[i] === byte) ? "image/png" : "application/json";
}

/** Imports a card: the new agent, or an Error carrying the server's message. */
export async function importCard(file: File): Promise<ImportedAgent> {
  const type = await cardType(file);
  if (file.size > CARD_FILE_MAX) throw new Error("The card is larger than 4 MB");
  let response: Response;
  try {
    response = await fetch("/api/agents/import", {
      method: "POST",
      headers: restHeaders(type),
      body: file,
    });
  } catch {
    throw new Error("The network could not be reached");
  }
  const body = (await response.json().catch(() => null)) as (Partial<ImportedAgent> & { message?: string }) | null;
  if (!response.ok || !body?.id) throw new Error(body?.message ?? `The card could not be imported (${response.status})`);
  return { id: body.id, name: body.name ?? "The agent", username: body.username ?? "" };
}
