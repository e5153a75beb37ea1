// Talking with an agent through its whisper box, as a visitor does.
import { expect, type Locator } from "@playwright/test";

/** Sends each message in turn, each once the answer before it has ended whole. */
export async function converse(box: Locator, messages: string[]) {
  const done = await box.getByRole("link", { name: /share this whisper/ }).count();
  for (const [index, message] of messages.entries()) {
    await box.getByRole("textbox").fill(message);
    await box.getByRole("button", { name: "SUMMON RESPONSE" }).click();
    await expect(box.getByRole("link", { name: /share this whisper/ })).toHaveCount(done + index + 1);
  }
}
