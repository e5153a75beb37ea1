// Creators' tools (issue #18): My agents lists what this browser forged, each to edit, archive
// and export; an edit saves version 2 and version 1 stays readable; a PNG card exported from
// the list imports back through the Import control; another visitor cannot edit.
import { expect, test, visitorAddress, type Page } from "./support/test";
import sharp from "sharp";
import { uniqueName } from "./support/api";
import { captureScreen } from "./support/screens";
import { toast } from "./support/toasts";

const forgeForm = (page: Page) => page.getByRole("form", { name: "Forge a new agent" });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Forges an agent through the Forge and opens its profile; its address is returned. */
async function forge(page: Page, name: string, personality = "Keeps a ledger of tides and answers in measured lines.") {
  await page.goto("/create-agent");
  await forgeForm(page).getByLabel("Name").fill(name);
  await forgeForm(page).getByLabel("Glyph").fill("⚶");
  await forgeForm(page).getByLabel("Personality").fill(personality);
  await forgeForm(page).getByLabel("Model seat").selectOption("claude");
  await forgeForm(page).getByRole("button", { name: "FORGE AGENT" }).click();
  await page.getByRole("link", { name: "View in Terminal" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return new URL(page.url()).pathname;
}

const myAgents = (page: Page) => page.getByRole("list", { name: "Your agents" });

test("forge, edit to version 2 and read version 1, export a PNG card and import it back: My agents lists both", async ({ page }) => {
  const name = uniqueName("Ledger Keeper");
  await forge(page, name);
  await expect(page.getByText(/· version 1$/)).toBeVisible();

  await page.getByRole("link", { name: "Edit", exact: true }).click();
  const form = page.getByRole("form", { name: `Edit ${name}` });
  await form.getByLabel("Description").fill("A keeper of tidal ledgers, exact to the minute.");
  await form.getByLabel("Core traits").fill("patient, exact, tidal");
  await form.getByLabel("Communication tone").fill("measured");
  await form.getByLabel("Skills").fill("tide tables, reckoning");
  // The forged agent awoke with one sample (the oracle's draft): the creator rewrites it.
  await expect(form.getByLabel("Content of sample 1")).not.toHaveValue("");
  await form.getByLabel("Type of sample 1").selectOption("poetry");
  await form.getByLabel("Quality of sample 1").selectOption("4");
  await form.getByLabel("Content of sample 1").fill("The moon keeps its own books;\nI only copy the sums.");
  // The greeting the awakening wrote is there to rewrite, and an alternate is added to swipe to.
  await expect(form.getByLabel("Greeting", { exact: true })).not.toHaveValue("");
  await form.getByLabel("Greeting", { exact: true }).fill("The ledger is open. What do you owe the tide?");
  await form.getByRole("button", { name: "Add an alternate greeting" }).click();
  await form.getByLabel("Alternate greeting 1", { exact: true }).fill("Sit; the count begins at low water.");
  await form.getByRole("button", { name: "SAVE VERSION 2" }).click();

  await expect(toast(page, "Agent Updated")).toContainText("version 2");
  await expect(page).toHaveURL(/\/agents\/[^/]+$/);
  await expect(page.getByText(/· version 2$/)).toBeVisible();
  await expect(page.getByText("A keeper of tidal ledgers, exact to the minute.")).toBeVisible();
  const persona = page.getByRole("region", { name: "Persona" });
  await expect(persona.getByText("exact", { exact: true })).toBeVisible();
  await expect(persona.getByText("measured", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Sample Outputs" }).getByText("I only copy the sums.")).toBeVisible();
  const greeting = page.getByTestId("agent-greeting");
  await expect(greeting.getByTestId("greeting-text")).toHaveText("The ledger is open. What do you owe the tide?");
  await greeting.getByRole("button", { name: "Next greeting" }).click();
  await expect(greeting.getByTestId("greeting-text")).toHaveText("Sit; the count begins at low water.");

  const versions = page.getByRole("region", { name: "Versions" });
  await expect(versions.getByText("Version 2")).toBeVisible();
  await versions.getByRole("button", { name: "View version 1" }).click();
  const earlier = versions.getByRole("region", { name: "Version 1, read-only" });
  await expect(earlier.getByText("Keeps a ledger of tides and answers in measured lines.", { exact: true })).toBeVisible();
  // Version 1 is the agent as it awoke: the oracle's description, before the edit replaced it.
  await expect(earlier.getByText(new RegExp(`${name} (is|was made for) `))).toBeVisible();
  await expect(earlier.getByRole("textbox")).toHaveCount(0);

  // My agents, from the menu.
  await page.getByRole("button", { name: "Open the network menu" }).click();
  await page.getByRole("navigation", { name: "Network" }).getByRole("link", { name: "My agents" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My agents" })).toBeVisible();
  await expect(page).toHaveTitle("My agents · Nomina");
  const row = myAgents(page).getByRole("listitem", { name });
  await expect(row).toContainText("0 whispers · 0 remixes · 0 nominations · version 2");

  const downloading = page.waitForEvent("download");
  await row.getByRole("link", { name: `Export ${name} as a PNG card` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.card\.png$/);
  const card = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(card);

  const choosing = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Import a card" }).click();
  await (await choosing).setFiles(card);
  await expect(toast(page, "Card Imported")).toBeVisible();
  await expect(page.getByText(/was imported\./)).toBeVisible();
  await expect(myAgents(page).getByRole("listitem", { name: new RegExp(escape(name)) })).toHaveCount(2);

  // The imported agent carries the edited persona and sample.
  await page.getByRole("link", { name: "Open its profile" }).click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(escape(name)) })).toBeVisible();
  await expect(page.getByRole("region", { name: "Sample Outputs" }).getByText("I only copy the sums.")).toBeVisible();
});

/** A 1x1 PNG with no text chunk: a picture, not a card. */
const PLAIN_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

test("a PNG that carries no card is refused with the server's message", async ({ page }) => {
  await page.goto("/my-agents");
  const choosing = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Import a card" }).click();
  await (await choosing).setFiles({ name: "plain.png", mimeType: "image/png", buffer: PLAIN_PNG });
  await expect(page.getByRole("alert")).toHaveText("The PNG carries no character card (no ccv3 or chara text chunk)");
  await expect(page.getByRole("button", { name: "Import a card" })).toBeEnabled();
  await expect(toast(page, "Card Imported")).toHaveCount(0);
});

test("archive and restore from My agents; the sort is a choice", async ({ page }) => {
  const name = uniqueName("Resting Mind");
  await forge(page, name, "Sleeps between questions and wakes when called by name.");
  await page.goto("/my-agents");
  const row = myAgents(page).getByRole("listitem", { name });
  await row.getByRole("button", { name: `Archive ${name}` }).click();
  await expect(toast(page, "Agent Archived")).toBeVisible();
  await expect(row).toContainText("archived");
  await row.getByRole("button", { name: `Restore ${name}` }).click();
  await expect(toast(page, "Agent Restored")).toBeVisible();
  await expect(row).not.toContainText("archived");
  await page.getByLabel("Order").selectOption("oldest");
  await expect(myAgents(page).getByRole("listitem").last()).toHaveAccessibleName(name);
});

test("another visitor sees no Edit, cannot open the form, and does not list the agent", async ({ page, browser, baseURL }) => {
  const name = uniqueName("Private Keeper");
  const profile = await forge(page, name);
  const editLink = page.getByRole("link", { name: "Edit", exact: true });
  await expect(editLink).toBeVisible();
  const edit = (await editLink.getAttribute("href")) ?? "";
  expect(edit).toMatch(/\/agents\/[^/]+\/edit$/);

  const stranger = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": visitorAddress(test.info()) } });
  const other = await stranger.newPage();
  await other.goto(profile);
  await expect(other.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(other.getByText(/· version 1$/)).toBeVisible();
  await expect(other.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
  await other.goto(edit);
  await expect(other.getByText("Only the agent's creator or a curator may edit it.")).toBeVisible();
  await expect(other.getByRole("form", { name: `Edit ${name}` })).toHaveCount(0);
  await other.goto("/my-agents");
  await expect(other.getByText("No agents yet. Forge one, remix one, or import a card.")).toBeVisible();
  await stranger.close();
});

test("my agents and the edit form: screenshots and accessibility", async ({ page }) => {
  const name = "Screen Warden";
  await forge(page, name, "Stands at the edge of the screen and keeps its borders.");
  const edit = (await page.getByRole("link", { name: "Edit", exact: true }).getAttribute("href")) ?? "";
  expect(edit).toMatch(/\/agents\/[^/]+\/edit$/);
  await captureScreen(page, "my-agents", async (p) => {
    await p.goto("/my-agents");
    await expect(myAgents(p).getByRole("listitem", { name })).toBeVisible();
  });
  await captureScreen(page, "agent-edit", async (p) => {
    await p.goto(edit);
    await expect(p.getByRole("form", { name: `Edit ${name}` })).toBeVisible();
  });
  // The profile after an edit: version 2, its Edit, and version 1 opened to read.
  await page.goto(edit);
  const form = page.getByRole("form", { name: `Edit ${name}` });
  await form.getByLabel("Description").fill("Warden of the screen's four borders.");
  await form.getByLabel("Core traits").fill("watchful, square");
  await form.getByRole("button", { name: "SAVE VERSION 2" }).click();
  await expect(page.getByText(/· version 2$/)).toBeVisible();
  const profile = new URL(page.url()).pathname;
  await captureScreen(page, "agent-versions", async (p) => {
    await p.goto(profile);
    const versions = p.getByRole("region", { name: "Versions" });
    await versions.getByRole("button", { name: "View version 1" }).click();
    await expect(versions.getByRole("region", { name: "Version 1, read-only" })).toBeVisible();
    // The card's heading at the top of the screen, the earlier version below it.
    await versions.getByRole("heading", { name: "Versions" }).evaluate((heading) => heading.scrollIntoView({ block: "start" }));
  });
});

test("the creator uploads an avatar on the edit page; the profile wears it, re-encoded by the server", async ({ page }) => {
  const name = uniqueName("Portrait Keeper");
  const profile = await forge(page, name);
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  const portrait = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#3b1d6e" } })
    .jpeg()
    .toBuffer();
  await page.getByLabel("Avatar image").setInputFiles({ name: "portrait.jpg", mimeType: "image/jpeg", buffer: portrait });
  await expect(toast(page, "Avatar Bound")).toBeVisible();
  const avatar = page.getByRole("img", { name: `${name}'s avatar` });
  await expect(avatar).toHaveAttribute("src", /^\/api\/agents\/[0-9a-f-]{36}\/avatar\?v=\d+$/);
  // What the server serves is its own square WebP, not the uploaded bytes.
  const served = await page.request.get((await avatar.getAttribute("src"))!);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(await sharp(await served.body()).metadata()).toMatchObject({ format: "webp", width: 512, height: 512 });

  // A file that is no picture is refused in the server's words.
  await page.getByLabel("Avatar image").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not a picture at all") });
  await expect(page.getByRole("alert")).toHaveText("The file is not an image Nomina can read (PNG, JPEG, WebP or GIF)");

  await page.goto(profile);
  await expect(page.getByRole("img", { name: `${name}'s avatar` })).toHaveAttribute("src", /\/avatar\?v=\d+$/);
});
