// Creators have a page (#30 item 4): "Created by" on an agent's profile leads to its creator's
// page, which shows their name, the totals kept as they work (agents, lineages started, remixes
// others made of theirs) and their agents anyone may see, newest first. An address that names no
// creator says so. A creator chooses a display name, or to stay anonymous. Both sizes, with axe.
import { expect, test } from "./support/test";
import { signedUpToken, useToken } from "./support/accounts";
import { photographScreen } from "./support/screens";
import { toast } from "./support/toasts";

test("'Created by' leads to the creator's page: their name, kept totals and public agents, newest first", async ({ page, request }) => {
  const { account, token } = await signedUpToken(request, "creator-page");
  const auth = { authorization: `Bearer ${token}` };
  const forge = async (name: string, personality: string) => {
    const response = await request.post("/api/agents", { headers: auth, data: { name, glyph: "☾", personality, apiModel: "gemini" } });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: string; name: string };
  };
  // Names the same in every run (the server's database is new for each): photographed as they wrap.
  const lantern = await forge("Lantern of Tides", "Keeps the harbour's light and counts the tides aloud.");
  const second = await forge("Salt Cartographer", "Draws the coast as the sea redraws it, patiently.");
  // Another visitor (this test's own key) remixes the lantern: a remix the creator received.
  const remixed = await request.post("/api/agents/remix", {
    data: { parentAgentId: lantern.id, name: "Lantern Reborn", description: "The lantern, carried inland.", personality: "Remembers the tides from far away." },
  });
  expect(remixed.status()).toBe(201);

  await page.goto(`/agents/${lantern.id}`);
  await page.getByRole("link", { name: account.name }).click();
  await expect(page).toHaveURL(/\/creators\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: account.name })).toBeVisible();
  const totals = page.getByRole("definition");
  await expect(totals).toHaveText(["2", "2", "1"]);
  const agents = page.getByRole("region", { name: `${account.name}'s agents` }).getByRole("article");
  await expect(agents).toHaveCount(2);
  await expect(agents.nth(0)).toContainText(second.name);
  await expect(agents.nth(1)).toContainText(lantern.name);
  await expect(page).toHaveTitle(`${account.name} · Creator · Nomina`);
  // The day the account joined is this run's: masked.
  await photographScreen(page, "creator-page", (p) => [p.getByText(/^Forging on Nomina since/)]);

  await page.goto("/creators/01950000-0000-7000-8000-000000000000");
  await expect(page.getByRole("heading", { level: 1, name: "No such creator" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Find agents and their creators in The Named" })).toHaveAttribute("href", "/the-named");
});

test("a creator chooses how their agents credit them: a display name, then anonymous with no page", async ({ page, request }) => {
  const { account, token } = await signedUpToken(request, "creator-credit");
  const suffix = Date.now().toString(36);
  const forged = await request.post("/api/agents", {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `Credited Lantern ${suffix}`, glyph: "☼", personality: "Shines where it is told to.", apiModel: "claude" },
  });
  expect(forged.status()).toBe(201);
  const agent = (await forged.json()) as { id: string };

  await useToken(page, token);
  await page.goto("/settings");
  const credit = page.getByRole("form", { name: "How your agents credit you" });
  await expect(credit.getByText(`Your agents say: Created by ${account.name}`)).toBeVisible();
  await credit.getByLabel("Display name").fill(`The Lamplighter ${suffix}`);
  await expect(credit.getByText(`Your agents say: Created by The Lamplighter ${suffix}`)).toBeVisible();
  await credit.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Credit Saved")).toBeVisible();

  await page.goto(`/agents/${agent.id}`);
  await page.getByRole("link", { name: `The Lamplighter ${suffix}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `The Lamplighter ${suffix}` })).toBeVisible();

  await page.goto("/settings");
  await credit.getByText("Stay anonymous").click();
  await expect(credit.getByLabel("Stay anonymous")).toBeChecked();
  await expect(credit.getByText("Your agents say: Created by anonymous")).toBeVisible();
  await credit.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Credit Saved")).toBeVisible();
  await page.goto(`/agents/${agent.id}`);
  await expect(page.getByText(/Created by anonymous/)).toBeVisible();
  await expect(page.getByRole("link", { name: /Lamplighter/ })).toHaveCount(0);
});
