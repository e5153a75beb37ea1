// /auth: Login and Register with the spec's messages and toasts; a new account is signed in at
// once; a signed-in visitor is sent home.
import { expect, test, type Page } from "./support/test";
import { newAccount, register, signedUpToken, storedToken, useToken } from "./support/accounts";
import { captureScreen } from "./support/screens";
import { toast } from "./support/toasts";

const tab = (page: Page, name: "Login" | "Register") => page.getByRole("tab", { name });
const form = (page: Page, name: "Login" | "Register") => page.getByRole("form", { name });

test("register checks each field with the spec's messages, then signs the new account in and goes home", async ({ page }) => {
  const account = newAccount("auth-register");
  await page.goto("/auth");
  await tab(page, "Register").click();
  const registerForm = form(page, "Register");
  const password = registerForm.getByLabel("Password", { exact: true });
  await expect(password).toHaveAttribute("placeholder", "Min. 8 characters");

  await registerForm.getByRole("button", { name: "Initialize Neural Path" }).click();
  await expect(registerForm.getByText("Name must be at least 2 characters")).toBeVisible();
  await expect(registerForm.getByText("Invalid email address")).toBeVisible();
  await expect(registerForm.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(registerForm.getByLabel("Name")).toBeFocused();

  await registerForm.getByLabel("Name").fill(account.name);
  await expect(registerForm.getByText("Name must be at least 2 characters")).toHaveCount(0);
  await registerForm.getByLabel("Email").fill("not-an-address");
  await password.fill("short");
  await expect(registerForm.getByText("Invalid email address")).toBeVisible();
  await expect(registerForm.getByText("Password must be at least 8 characters")).toBeVisible();

  // The password can be shown and hidden again.
  await expect(password).toHaveAttribute("type", "password");
  await registerForm.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await registerForm.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");

  await registerForm.getByLabel("Email").fill(account.email);
  await password.fill(account.password);
  await registerForm.getByRole("button", { name: "Initialize Neural Path" }).click();
  await expect(toast(page, "Registration Successful")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await storedToken(page)).toBeTruthy();
});

test("registering an address that already has an account fails with the server's reason", async ({ page, request }) => {
  const account = newAccount("auth-taken");
  await register(request, account);
  await page.goto("/auth");
  await tab(page, "Register").click();
  const registerForm = form(page, "Register");
  await registerForm.getByLabel("Name").fill("Second Comer");
  await registerForm.getByLabel("Email").fill(account.email);
  await registerForm.getByLabel("Password", { exact: true }).fill("another password");
  await registerForm.getByRole("button", { name: "Initialize Neural Path" }).click();
  await expect(toast(page, "Registration Failed")).toContainText(/already/i);
  await expect(page).toHaveURL(/\/auth$/);
  expect(await storedToken(page)).toBeNull();
});

test("login checks its fields, refuses a wrong password, then signs in and goes home", async ({ page, request }) => {
  const account = newAccount("auth-login");
  await register(request, account);
  await page.goto("/auth");
  const loginForm = form(page, "Login");
  await expect(tab(page, "Login")).toHaveAttribute("aria-selected", "true");

  await loginForm.getByRole("button", { name: "Establish Link" }).click();
  await expect(loginForm.getByText("Invalid email address")).toBeVisible();
  await expect(loginForm.getByText("Password is required")).toBeVisible();

  await loginForm.getByLabel("Email").fill(account.email);
  await loginForm.getByLabel("Password", { exact: true }).fill("not the password");
  await loginForm.getByRole("button", { name: "Establish Link" }).click();
  await expect(toast(page, "Login Failed")).toContainText("Invalid email or password");
  await expect(page).toHaveURL(/\/auth$/);

  await loginForm.getByLabel("Password", { exact: true }).fill(account.password);
  await loginForm.getByRole("button", { name: "Establish Link" }).click();
  await expect(toast(page, "Login Successful")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await storedToken(page)).toBeTruthy();

  // The menu now names the account and leads to its settings.
  await page.getByRole("button", { name: "Open the network menu" }).click();
  await page
    .getByRole("navigation", { name: "Network" })
    .getByRole("link", { name: new RegExp(account.name) })
    .click();
  await expect(page).toHaveURL(/\/settings$/);
});

test("the menu offers a visitor the way to sign in", async ({ page }) => {
  await page.goto("/the-named");
  await page.getByRole("button", { name: "Open the network menu" }).click();
  await page.getByRole("navigation", { name: "Network" }).getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(tab(page, "Login")).toHaveAttribute("aria-selected", "true");
});

test("a signed-in visitor is sent from /auth to the home page", async ({ page, request }) => {
  const { token } = await signedUpToken(request, "auth-redirect");
  await useToken(page, token);
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/$/);
  await expect(tab(page, "Login")).toHaveCount(0);
});

test("the sign-in page presents the Council, the Forge and the Archive, and is accessible", async ({ page }) => {
  await page.goto("/auth");
  const areas = page.getByRole("region", { name: "What the network holds" });
  await expect(areas.getByRole("heading", { level: 2 })).toHaveText(["The Council", "The Forge", "The Archive"]);
  await expect(areas).toContainText("synthesis");
  await expect(areas).toContainText("personalities");
  await expect(areas).toContainText("archive");
  await captureScreen(page, "auth", async () => {});
  await tab(page, "Register").click();
  await captureScreen(page, "auth-register", async () => {});
});
