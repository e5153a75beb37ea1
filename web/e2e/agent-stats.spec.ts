// Trending and a creator's numbers (#30 items 3 and 6): what others do with an agent (talk to
// it, remix it, nominate it) shows on its creator's "Numbers" page as charts per day over 30 or
// 90 days (the span in the address), with the same numbers as a table for screen readers and on
// "Show the numbers"; no one else sees them; and The Named lists the week's most active first.
// Both sizes, with axe.
import { expect, test } from "./support/test";
import { signedUpToken, useToken } from "./support/accounts";
import { photographScreen } from "./support/screens";

test("an agent's creator reads what happened with it day by day, charted and as numbers; The Named lists it as trending", async ({
  page,
  request,
  browser,
}) => {
  const { token } = await signedUpToken(request, "agent-stats");
  const auth = { authorization: `Bearer ${token}` };
  const forge = async (name: string) => {
    const response = await request.post("/api/agents", {
      headers: auth,
      data: { name, glyph: "⚶", personality: "Reads the weather of a conversation and answers in kind.", apiModel: "claude" },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: string; name: string };
  };
  const beacon = await forge("Beacon of Weathers");
  const quiet = await forge("Quiet Barometer");
  // Others (this test's own visitor) talk to the beacon twice, remix it and nominate it; the barometer once.
  for (const agent of [beacon, beacon, quiet]) {
    const invoked = await request.post(`/api/agents/${agent.id}/invoke`, { data: { message: "What weather do you read?" } });
    expect(invoked.status(), await invoked.text()).toBe(200);
  }
  const remixed = await request.post("/api/agents/remix", {
    data: { parentAgentId: beacon.id, name: "Beacon Rekindled", description: "The beacon, lit again inland.", personality: "Reads storms from far away." },
  });
  expect(remixed.status()).toBe(201);
  const nominated = await request.post("/api/council/nominate", { data: { agentId: beacon.id, agentName: "", nominatedBy: "anonymous", reason: "" } });
  expect(nominated.status()).toBe(201);

  await useToken(page, token);
  await page.goto("/my-agents");
  await page.getByRole("link", { name: `${beacon.name}'s numbers` }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${beacon.id}/stats$`));
  await expect(page.getByRole("heading", { level: 1, name: beacon.name })).toBeVisible();
  await expect(page).toHaveTitle(`${beacon.name}'s numbers · Nomina`);

  // Each chart is a picture with its numbers in words.
  await expect(page.getByRole("img", { name: /^Conversations per day: 2 conversations in the last 30 days, the most on / })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Answers per day: 2 answers in the last 30 days, the most on / })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Remixes per day: 1 remix in the last 30 days/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Nominations per day: 1 nomination in the last 30 days/ })).toBeVisible();

  // The table is there for screen readers before it is shown; "Show the numbers" shows it to everyone.
  const table = page.getByRole("table", { name: `${beacon.name}, day by day over the last 30 days` });
  await expect(table.getByRole("row")).toHaveCount(31);
  await expect(table.getByRole("row").nth(1)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}2211$/);
  await expect(table.getByRole("row").nth(2)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}0000$/);
  await page.getByRole("button", { name: "Show the numbers" }).click();
  await expect(page.getByRole("button", { name: "Hide the numbers" })).toHaveAttribute("aria-expanded", "true");
  await expect(table).toBeVisible();
  await page.getByRole("button", { name: "Hide the numbers" }).click();
  // The charts follow the day (the axis names this week's dates): masked. The names are the same
  // in every run (the server's database is new for each), so they wrap the same way.
  await photographScreen(page, "agent-stats", (p) => [p.getByRole("img")]);

  await page.getByRole("button", { name: "Last 90 days" }).click();
  await expect(page).toHaveURL(/\?days=90$/);
  await expect(page.getByRole("button", { name: "Last 90 days" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("table", { name: `${beacon.name}, day by day over the last 90 days` }).getByRole("row")).toHaveCount(91);
  await page.reload();
  await expect(page.getByRole("img", { name: /^Remixes per day: 1 remix in the last 90 days/ })).toBeVisible();

  // No one else reads them.
  const stranger = await browser.newPage();
  await stranger.goto(`/agents/${beacon.id}/stats`);
  await expect(stranger.getByRole("alert")).toHaveText(/Only its creator sees this agent's numbers/);
  await expect(stranger.getByRole("img", { name: /per day/ })).toHaveCount(0);
  await stranger.getByRole("link", { name: "Back to its profile" }).click();
  await expect(stranger).toHaveURL(new RegExp(`/agents/${beacon.id}$`));
  await stranger.close();

  // The week's most active first: the beacon (2 conversations, 2 answers, a remix, a nomination)
  // before the barometer (1 and 1), both reading "the weather". Other specs' agents may match the
  // search too: only the order of these two is this test's.
  await page.goto("/the-named?q=weather&sort=trending");
  await expect(page.getByRole("combobox", { name: "Sort agents" })).toHaveValue("TRENDING");
  const names = page.getByRole("article").getByRole("heading");
  await expect(names.filter({ hasText: quiet.name })).toHaveCount(1);
  const listed = await names.allTextContents();
  expect(listed.findIndex((name) => name.includes(beacon.name))).toBeLessThan(listed.findIndex((name) => name.includes(quiet.name)));
  expect(listed.findIndex((name) => name.includes(beacon.name))).toBeGreaterThanOrEqual(0);
});
