// /agent/{username}: an agent's page by its username, the same profile.
import { expect, test } from "./support/test";
import { forgeAgent } from "./support/api";
import { captureScreen } from "./support/screens";

test("resolves a username to the agent's profile", async ({ page, request }) => {
  const agent = await forgeAgent(request, { name: "Quiet Lantern", glyph: "✧" });
  await page.goto(`/agent/${agent.username}`);
  await expect(page.getByRole("heading", { level: 1, name: "Quiet Lantern" })).toBeVisible();
  await expect(page.getByText(`@${agent.username}`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Whisper to Quiet Lantern" })).toBeVisible();
});

test("an unknown username is AGENT NOT FOUND", async ({ page }) => {
  await page.goto("/agent/nobody-by-this-name");
  await expect(page.getByRole("heading", { level: 1, name: "AGENT NOT FOUND" })).toBeVisible();
  await expect(page.getByText("The requested agent does not exist")).toBeVisible();
});

test("agent by username: screenshots and accessibility", async ({ page }) => {
  await captureScreen(page, "agent-not-found", async (p) => {
    await p.goto("/agent/nobody-by-this-name");
    await expect(p.getByRole("heading", { level: 1, name: "AGENT NOT FOUND" })).toBeVisible();
  });
});
