// /settings: a new account verified through the mail the server wrote, its counters and daily
// limits, a new password (refused, then taken) and Disconnect Neural Link.
import { expect, test, type Page } from "./support/test";
import { newAccount, signedUpToken, storedToken, useToken, verificationLink } from "./support/accounts";
import { captureScreen } from "./support/screens";
import { toast } from "./support/toasts";

const counter = (page: Page, label: string) => page.getByRole("group", { name: new RegExp(`^${label}: `) });
const meter = (page: Page, label: string) => page.getByRole("progressbar", { name: label });

async function signInThroughTheForm(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Establish Link" }).click();
  await expect(page).toHaveURL(/\/$/);
}

test("register, verify through the mail, see Settings, change the password, disconnect, sign in again", async ({ page, request }) => {
  test.setTimeout(90_000);
  const account = newAccount("settings");

  // Register: the new account is signed in at once.
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Register" }).click();
  const registerForm = page.getByRole("form", { name: "Register" });
  await registerForm.getByLabel("Name").fill(account.name);
  await registerForm.getByLabel("Email").fill(account.email);
  await registerForm.getByLabel("Password", { exact: true }).fill(account.password);
  await registerForm.getByRole("button", { name: "Initialize Neural Path" }).click();
  await expect(page).toHaveURL(/\/$/);

  // Unverified, at tier 1: the spec's n/3 and n/1.
  await page.goto("/settings");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(account.name);
  await expect(page.getByLabel("Email")).toHaveValue(account.email);
  await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("readonly", "");
  await expect(page.getByText("Unverified")).toBeVisible();
  await expect(counter(page, "Connections")).toHaveAccessibleName("Connections: 1");
  await expect(counter(page, "Ritual Tier")).toHaveAccessibleName("Ritual Tier: 1");
  await expect(counter(page, "Agents Created")).toHaveAccessibleName("Agents Created: 0");
  await expect(counter(page, "Council Synths")).toHaveAccessibleName("Council Synths: 0");
  await page.getByRole("tab", { name: "Usage Stats" }).click();
  await expect(meter(page, "Daily Council Synthesis")).toBeVisible();
  await expect(page.getByText("0/3")).toBeVisible();
  await expect(page.getByText("0/1")).toBeVisible();

  // The link in the mail the server wrote verifies the address and lands on Settings.
  await page.goto(await verificationLink(account.email));
  await expect(page).toHaveURL(/\/settings$/);
  await expect(toast(page, "Email Verified")).toBeVisible();
  await expect(page.getByText("✓ Verified")).toBeVisible();
  await expect(counter(page, "Ritual Tier")).toHaveAccessibleName("Ritual Tier: 2");
  // A higher tier doubles the daily limits: the real limits are shown.
  await page.getByRole("tab", { name: "Usage Stats" }).click();
  await expect(page.getByText("0/6")).toBeVisible();
  await expect(page.getByText("0/2")).toBeVisible();
  for (const label of ["Total Synths", "Summon Rituals", "Echo Interactions", "Agents Birthed"]) {
    await expect(counter(page, label)).toHaveAccessibleName(`${label}: 0`);
  }

  // Change password: the spec's messages, a wrong current password, then a good change.
  await page.getByRole("tab", { name: "Security" }).click();
  const current = page.getByLabel("Current password");
  const next = page.getByLabel("New password", { exact: true });
  await expect(next).toHaveAttribute("placeholder", "New password (min. 8 characters)");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Current password is required")).toBeVisible();
  await expect(page.getByText("New password must be at least 8 characters")).toBeVisible();
  await current.fill("not my password");
  await next.fill("a new secret phrase");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(toast(page, "Password Change Failed")).toBeVisible();
  await current.fill(account.password);
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(toast(page, "Password Changed")).toContainText("Your password has been updated successfully.");
  await expect(current).toHaveValue("");
  await expect(next).toHaveValue("");

  // Disconnect: the session ends on the server and here.
  const token = await storedToken(page);
  await page.getByRole("button", { name: "Disconnect Neural Link" }).click();
  await expect(toast(page, "Logged Out")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await storedToken(page)).toBeNull();
  const after = await request.get("/api/auth/user", { headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/auth$/);

  // Only the new password opens it again; the account remembers both connections.
  await signInThroughTheForm(page, account.email, "a new secret phrase");
  await page.goto("/settings");
  await expect(counter(page, "Connections")).toHaveAccessibleName("Connections: 2");
});

test("a spent or unknown verification link says so on Settings; a fresh link can be sent and works", async ({ page, request }) => {
  const { account, token } = await signedUpToken(request, "settings-badlink");
  await useToken(page, token);
  await page.goto("/api/auth/verify?token=no-such-token");
  await expect(page).toHaveURL(/\/settings$/);
  await expect(toast(page, "Verification Failed")).toContainText("This verification link is invalid or has expired");
  await expect(page.getByText("Unverified")).toBeVisible();

  const first = await verificationLink(account.email);
  await page.getByRole("button", { name: "Resend verification email" }).click();
  await expect(toast(page, "Verification Sent")).toBeVisible();
  await expect.poll(() => verificationLink(account.email)).not.toBe(first);
  await page.goto(await verificationLink(account.email));
  await expect(toast(page, "Email Verified")).toBeVisible();
  await expect(page.getByText("✓ Verified")).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend verification email" })).toHaveCount(0);
});

test("without a session Settings shows nothing and sends the visitor to sign in; a dead token is dropped", async ({ page }) => {
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("tab", { name: "Profile" })).toHaveCount(0);

  await useToken(page, "not-a-session");
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/auth$/);
  await expect.poll(() => storedToken(page)).toBeNull();
});

test("each tab of Settings, as it looks and accessible", async ({ page, request }) => {
  const { token } = await signedUpToken(request, "settings-shots");
  await useToken(page, token);
  await page.goto("/settings");
  await expect(page.getByText("Unverified")).toBeVisible();
  // The address is unique to the run; the reset is shown in the browser's time.
  const masks = (p: Page) => [p.getByLabel("Email"), p.getByText(/return to zero at/)];
  await captureScreen(page, "settings", async () => {}, masks);
  await page.getByRole("tab", { name: "Usage Stats" }).click();
  await captureScreen(page, "settings-usage", async () => {}, masks);
  await page.getByRole("tab", { name: "Security" }).click();
  await captureScreen(page, "settings-security", async () => {}, masks);
});
