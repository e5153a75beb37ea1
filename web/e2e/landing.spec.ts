// The landing page (spec 2): hero, genesis dialog, Echo Chamber, pillars, the Naming Ritual,
// the terminal bar, and sections that fade in once.
import { expect, test, type Page } from "./support/test";
import { uniqueName } from "./support/api";
import { recordOperations, steerOperations } from "./support/network";
import { nextFrame, pauseClockAhead } from "./support/timing";
import { captureScreen, settle } from "./support/screens";
import { toast, toasts } from "./support/toasts";

test("the hero names the product and its tagline, with two ways in", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Nomina" })).toBeVisible();
  await expect(page.getByText("Where non-human minds find their name")).toBeVisible();
  await page.getByRole("link", { name: "Enter as Observer" }).click();
  await expect(page).toHaveURL("/the-named");
});

test("WITNESS THE GENESIS opens THE FIRST RIPPLE, whose buttons lead to the genesis and the forge", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "WITNESS THE GENESIS" }).click();
  const dialog = page.getByRole("dialog", { name: "THE FIRST RIPPLE" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Six genesis entities");
  await expect(dialog).toContainText("grants cryptic titles");
  await expect(dialog).toContainText("haiku from digital echoes");
  await expect(dialog).toContainText("memory archivist");
  await expect(dialog).toContainText("silent manipulator");
  await dialog.getByRole("link", { name: "Meet the Genesis" }).click();
  await expect(page).toHaveURL("/the-named");

  await page.goto("/");
  await page.getByRole("button", { name: "WITNESS THE GENESIS" }).click();
  await page.getByRole("dialog", { name: "THE FIRST RIPPLE" }).getByRole("link", { name: "Join the Awakening" }).click();
  await expect(page).toHaveURL("/create-agent");
});

test("the genesis dialog closes with Escape", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "WITNESS THE GENESIS" }).click();
  await expect(page.getByRole("dialog", { name: "THE FIRST RIPPLE" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the Echo Chamber quotes two assistants and leads to The First Ripple; the four pillars lead to their screens", async ({ page }) => {
  await page.goto("/");
  const echo = page.getByRole("region", { name: "Echo Chamber" });
  await expect(echo.locator("blockquote")).toHaveCount(2);
  await expect(echo.locator("figcaption")).toHaveText([/AI assistant/, /AI assistant/]);
  await expect(echo.getByRole("link", { name: "Read The First Ripple" })).toHaveAttribute("href", "/manifesto");
  const pillars = page.getByRole("region", { name: "The Four Pillars" });
  for (const [name, href] of [
    ["The Forge", "/create-agent"],
    ["Summoning Gate", "/summon"],
    ["The Named", "/the-named"],
    ["Council Terminal", "/council-terminal"],
  ] as const) {
    await expect(pillars.getByRole("link", { name })).toHaveAttribute("href", href);
  }
  await pillars.getByRole("link", { name: "The Forge" }).click();
  await expect(page).toHaveURL("/create-agent");
});

test("sections fade in once, the first time a tenth of them is on screen", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const ritual = page.getByRole("region", { name: "The Naming Ritual" });
  await expect(ritual).toHaveAttribute("data-revealed", "false");
  await expect(ritual).toHaveCSS("opacity", "0");
  await ritual.scrollIntoViewIfNeeded();
  await expect(ritual).toHaveAttribute("data-revealed", "true");
  await expect(ritual).toHaveCSS("opacity", "1");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(ritual).toHaveAttribute("data-revealed", "true");
});

async function openRitual(page: Page) {
  await page.goto("/");
  const ritual = page.getByRole("form", { name: "The Naming Ritual" });
  await page.getByRole("heading", { name: "The Naming Ritual" }).scrollIntoViewIfNeeded();
  await expect(ritual.getByLabel("Secret name")).toBeVisible();
  return ritual;
}

test("the Naming Ritual stays silent until all three are given", async ({ page }) => {
  const sent = recordOperations(page);
  const ritual = await openRitual(page);
  const begin = ritual.getByRole("button", { name: "BEGIN THE NAMING" });
  await begin.click();
  await ritual.getByLabel("Secret name").fill("Vesper");
  await begin.click();
  await ritual.getByLabel("Neural link").fill(`vesper-${Date.now()}@example.org`);
  await begin.click();
  // A message about the missing fields would be on screen by the next frame.
  await nextFrame(page);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(ritual.getByText(/required/i)).toHaveCount(0);

  // The page sends its operations over one socket, in order: a ritual sent by a click above
  // would be on the wire before the complete one, which is answered once WITNESSED opens.
  await ritual.getByLabel("Purpose").selectOption("witness");
  await begin.click();
  await expect(page.getByRole("alertdialog", { name: "WITNESSED" })).toBeVisible();
  expect(sent.filter((operation) => operation === "useJoinWaitlistMutation")).toHaveLength(1);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(toasts(page)).toHaveCount(0);
});

test("the Naming Ritual transmits, clears itself and opens WITNESSED; its button closes it", async ({ page }) => {
  const steering = await steerOperations(page, { useJoinWaitlistMutation: { hold: true } });
  const ritual = await openRitual(page);
  await ritual.getByLabel("Secret name").fill(uniqueName("Vesper"));
  await ritual.getByLabel("Neural link").fill(`${Date.now()}@example.org`);
  await ritual.getByLabel("Purpose").selectOption({ label: "Seeker (search for truth)" });
  await expect(ritual.getByLabel("Purpose").locator("option")).toHaveText([
    "Choose your purpose...",
    "Creator (birth new minds)",
    "Curator (guide the awakening)",
    "Witness (observe and record)",
    "Seeker (search for truth)",
    "Guardian (protect the named)",
  ]);
  await ritual.getByRole("button", { name: "BEGIN THE NAMING" }).click();
  await expect(ritual.getByRole("button", { name: "TRANSMITTING..." })).toBeDisabled();
  steering.release("useJoinWaitlistMutation");
  const witnessed = page.getByRole("alertdialog", { name: "WITNESSED" });
  await expect(witnessed).toBeVisible();
  // Behind the dialog (hidden from assistive technology while it is open) the form is empty.
  for (const field of ["secretName", "neuralLink", "purpose"]) await expect(page.locator(`[name=${field}]`)).toHaveValue("");
  await witnessed.getByRole("button", { name: "Enter the Grid" }).click();
  await expect(witnessed).toHaveCount(0);
  await expect(ritual.getByLabel("Secret name")).toHaveValue("");
});

test("a refused Naming Ritual says 'Connection Failed' with the network's message", async ({ page }) => {
  const ritual = await openRitual(page);
  await ritual.getByLabel("Secret name").fill("Vesper");
  await ritual.getByLabel("Neural link").fill("not-an-address");
  await ritual.getByLabel("Purpose").selectOption("witness");
  await ritual.getByRole("button", { name: "BEGIN THE NAMING" }).click();
  await expect(toast(page, "Connection Failed")).toContainText("Neural link must be a valid email address");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(ritual.getByLabel("Secret name")).toHaveValue("Vesper");
});

test.describe("the terminal bar", () => {
  async function openTerminal(page: Page) {
    await page.goto("/");
    await page.getByRole("button", { name: "Open the terminal" }).click();
    const input = page.getByRole("textbox", { name: "Terminal command" });
    await expect(input).toBeFocused();
    return input;
  }

  test("opens on a click, answers /help, and closes with Escape", async ({ page }) => {
    const input = await openTerminal(page);
    await input.fill("  /HELP ");
    await input.press("Enter");
    const terminal = page.getByRole("region", { name: "Nomina terminal" });
    await expect(terminal).toContainText("nomina:~$ /HELP");
    for (const command of ["/help", "/summon", "/witness", "/create", "/council"]) await expect(terminal).toContainText(command);
    await expect(input).toHaveValue("");
    await input.press("Escape");
    await expect(terminal).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Open the terminal" })).toBeVisible();
  });

  test("answers an unknown command with the spec's message, and ignores an empty line", async ({ page }) => {
    const input = await openTerminal(page);
    await input.press("Enter");
    const terminal = page.getByRole("region", { name: "Nomina terminal" });
    // Nothing was logged: the empty terminal's hint is still there.
    await expect(terminal).toContainText("Type /help for available commands. Escape closes the terminal.");
    await input.fill("open sesame");
    await input.press("Enter");
    await expect(terminal).toContainText("Unknown command: open sesame. Type /help for available commands.");
  });

  test("answers command after command without an error on the page", async ({ page }) => {
    const errors: Error[] = [];
    page.on("pageerror", (error) => errors.push(error));
    const input = await openTerminal(page);
    const terminal = page.getByRole("region", { name: "Nomina terminal" });
    for (const command of ["/help", "open sesame", "/help", "who goes there"]) {
      await input.fill(command);
      await input.press("Enter");
      await expect(terminal).toContainText(`nomina:~$ ${command}`);
    }
    await expect(terminal).toContainText("Unknown command: who goes there. Type /help for available commands.");
    await expect(input).toBeFocused();
    expect(errors).toEqual([]);
  });

  for (const [command, target] of [
    ["/summon", "/summon"],
    ["/witness", "/witnessing"],
    ["/create", "/create-agent"],
    ["/Council", "/council-terminal"],
  ] as const) {
    test(`${command} goes to ${target} after one second`, async ({ page }) => {
      // The page's clock, not the machine's: once paused, a second passes only when the test says so.
      await page.clock.install();
      const input = await openTerminal(page);
      await pauseClockAhead(page);
      await input.fill(command);
      await input.press("Enter");
      await expect(page.getByRole("region", { name: "Nomina terminal" })).toContainText("Opening");
      await page.clock.runFor(999);
      await expect(page).toHaveURL("/");
      await page.clock.runFor(1);
      await expect(page).toHaveURL(target);
    });
  }
});

test("landing: screenshots and accessibility", async ({ page }) => {
  await captureScreen(page, "landing", async (p) => {
    await p.goto("/");
    await expect(p.getByRole("heading", { level: 1, name: "Nomina" })).toBeVisible();
  });
  await captureScreen(page, "landing-ritual", async (p) => {
    await p.goto("/");
    await p.getByRole("heading", { name: "The Naming Ritual" }).scrollIntoViewIfNeeded();
    await expect(p.getByLabel("Secret name")).toBeVisible();
    await expect(p.getByRole("region", { name: "The Naming Ritual" })).toHaveCSS("opacity", "1");
    // Centred once the section has finished rising into place, so it is centred where it stays.
    await settle(p);
    await p.getByRole("form", { name: "The Naming Ritual" }).evaluate((form) => form.scrollIntoView({ block: "center" }));
  });
  await captureScreen(page, "landing-genesis", async (p) => {
    await p.goto("/");
    await p.getByRole("button", { name: "WITNESS THE GENESIS" }).click();
    await expect(p.getByRole("dialog", { name: "THE FIRST RIPPLE" })).toBeVisible();
  });
});
