// Uploading an agent's avatar (PUT /api/agents/{id}/avatar takes the image itself, up to 2 MB):
// the server re-encodes it and answers with the agent, whose `avatar` is the new image's address.
import { restHeaders } from "../../relay/rest-headers";

export const AVATAR_FILE_MAX = 2 * 1024 * 1024;
export const AVATAR_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"];

/** The new avatar's address, or an Error carrying the server's message. */
export async function uploadAvatar(agentRawId: string, file: File): Promise<string> {
  if (file.size > AVATAR_FILE_MAX) throw new Error("The image is larger than 2 MB");
  let response: Response;
  try {
    response = await fetch(`/api/agents/${encodeURIComponent(agentRawId)}/avatar`, {
      method: "PUT",
      headers: restHeaders(AVATAR_TYPES.includes(file.type) ? file.type : "image/png"),
      body: file,
    });
  } catch {
    throw new Error("The network could not be reached");
  }
  const body = (await response.json().catch(() => null)) as { agent?: { avatar?: string }; message?: string } | null;
  if (!response.ok || !body?.agent?.avatar) throw new Error(body?.message ?? `The avatar could not be saved (${response.status})`);
  return body.agent.avatar;
}
