// Notifications (#30 item 5), as a visitor meets them: the browser's visitor key owns an agent;
// another site embeds it, someone remixes it and someone talks to it, and the bell beside the
// menu counts them live ("Notifications, 3 unread"). /notifications lists them newest first with
// their read state; one arriving while the list is open joins its top; following one marks it
// read; "Mark all read" empties the count; a kind turned off is no longer written. The screen at
// 1280x800 and 390x844, checked with axe.
import { expect, test, type Page } from "./support/test";
import { expectAccessible } from "./support/a11y";
import { photographScreen } from "./support/screens";
import { steerOperations } from "./support/network";
import { routeLiveSocket } from "./support/socket";

const VISITOR_KEY = "nomina.visitor";
const AGENT = "Lantern Keeper";
const REMIX = "Lantern Keeper Reborn";
const LATER_REMIX = "Lantern Keeper Unmuted";

const bell = (page: Page) => page.getByRole("link", { name: /^Notifications, / });
const list = (page: Page) => page.getByRole("list", { name: "Your notifications" });
const rows = (page: Page) => list(page).getByRole("listitem");

test("the bell counts a visitor's notifications live; the list shows them with their read state, leads to them, and hears only the kinds wanted", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const key = `e2e-notifications-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  await page.addInitScript(([name, value]) => window.localStorage.setItem(name, value), [VISITOR_KEY, key] as const);
  const forged = await request.post("/api/agents", {
    headers: { "x-nomina-visitor": key },
    data: { name: AGENT, glyph: "✶", personality: "Keeps a lantern lit for whoever passes.", apiModel: "claude" },
  });
  expect(forged.status(), await forged.text()).toBe(201);
  const agent = (await forged.json()) as { id: string };
  const embed = async (site: string) =>
    expect((await request.get(`/embed/${agent.id}`, { headers: { referer: `https://${site}/a-post` } })).status()).toBe(200);
  const remix = async (name: string) => {
    const response = await request.post("/api/agents/remix", {
      data: { parentAgentId: agent.id, name, description: "A lantern carried further.", personality: "Carries the keeper's light to other roads." },
    });
    expect(response.status(), await response.text()).toBe(201);
  };

  // Before the visitor looks: a site embeds the agent.
  await embed("lantern-blog.example");
  const live = await routeLiveSocket(page);
  await page.goto("/manifesto");
  await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");
  await live.ready("NotificationBellSubscription");

  // Someone remixes it, someone talks to it: the bell counts each as it happens.
  await remix(REMIX);
  await expect(bell(page)).toHaveAccessibleName("Notifications, 2 unread");
  const talked = await request.post(`/api/agents/${agent.id}/invoke`, { data: { message: "Is the lantern still lit?" } });
  expect(talked.status()).toBe(200);
  await expect(bell(page)).toHaveAccessibleName("Notifications, 3 unread");

  await bell(page).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(rows(page)).toHaveText([
    /Lantern Keeper reached 1 conversation/,
    /Lantern Keeper Reborn was remixed from Lantern Keeper by anonymous/,
    /Lantern Keeper was embedded on a new site: lantern-blog\.example/,
  ]);
  await expect(rows(page).first()).toHaveAccessibleName("New: Lantern Keeper reached 1 conversation");
  await expect(page.getByRole("status").filter({ hasText: "unread" })).toHaveText("3 unread");

  // One more site while the list is open: it joins the unread notice of the first (#42: repeats
  // coalesce), counted and named in place, and that notice moves to the top.
  await live.ready("NotificationBellSubscription");
  await embed("second-lantern.example");
  await expect(rows(page).first()).toContainText("Lantern Keeper was embedded on 2 new sites, latest second-lantern.example");
  await expect(rows(page)).toHaveCount(3);
  await expect(bell(page)).toHaveAccessibleName("Notifications, 3 unread");

  // Following the remix's notice leads to the remix, and marks that one read.
  await list(page).getByRole("link", { name: REMIX }).click();
  await expect(page.getByRole("heading", { level: 1, name: REMIX })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName("Notifications, 2 unread");
  await page.goBack();
  const remixed = rows(page).filter({ hasText: "was remixed" });
  await expect(remixed).toHaveAccessibleName(/^Lantern Keeper Reborn was remixed/);
  await expect(remixed).not.toContainText("NEW");
  await expectAccessible(page, "notifications with unread and read");

  // Mark all read: the count goes, in the list and on the bell.
  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(page.getByRole("status").filter({ hasText: "read" })).toHaveText("All read");
  await expect(bell(page)).toHaveAccessibleName("Notifications, none unread");
  await expect(page.getByRole("button", { name: "Mark all read" })).toBeDisabled();

  // New sites are turned off (kept for the browser's key): one embeds it unheard, while a remix after it is heard.
  const embedded = page.getByRole("checkbox", { name: "An agent of yours is embedded on a new site" });
  await expect(embedded).toBeChecked();
  await page.getByText("An agent of yours is embedded on a new site").click();
  await expect(embedded).not.toBeChecked();
  await expect
    .poll(async () => (await (await request.get("/api/notifications/preferences", { headers: { "x-nomina-visitor": key } })).json()) as unknown)
    .toEqual({ muted: ["embedded"] });
  await embed("unheard-lantern.example");
  await remix(LATER_REMIX);
  await expect(rows(page).first()).toContainText(`${LATER_REMIX} was remixed`);
  await expect(list(page)).not.toContainText("unheard-lantern.example");
  await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");
  await page.evaluate(() => window.scrollTo(0, 0));
  await photographScreen(page, "notifications");
  await photographScreen(page, "notifications-settings", undefined, undefined, (shown) =>
    shown.getByRole("heading", { name: "What you hear of" }).scrollIntoViewIfNeeded(),
  );
});

test("a bell that cannot read its count stays a plain bell, and the screen under it keeps working", async ({ page }) => {
  await steerOperations(page, { NotificationBellQuery: { fail: "The network could not be reached" } });
  await page.goto("/the-named");
  await expect(page.getByRole("heading", { level: 1, name: "The Named" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Notifications", exact: true })).toHaveAttribute("href", "/notifications");
  await page.getByRole("link", { name: "Notifications", exact: true }).click();
  await expect(page).toHaveURL(/\/notifications$/);
});
