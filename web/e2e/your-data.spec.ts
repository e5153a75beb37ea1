// Your data (#30 item 8): Settings → Your data downloads everything the account made and said as
// one ZIP, and deletes the account after saying, with its own numbers, what goes and what stays
// (an agent another visitor remixed stays, credited to anonymous), asking for the password again.
// Both sizes, with axe.
import { strFromU8, unzipSync } from "fflate";
import { readFile } from "node:fs/promises";
import { expect, test } from "./support/test";
import { signedUpToken, storedToken, useToken } from "./support/accounts";
import { photographScreen } from "./support/screens";
import { toast } from "./support/toasts";

test("Settings → Your data: the archive holds the account's agents and threads; deleting keeps what others built on", async ({ page, request }) => {
  const { account, token } = await signedUpToken(request, "your-data");
  const auth = { authorization: `Bearer ${token}` };
  const suffix = Date.now().toString(36);
  const forge = async (name: string) => {
    const response = await request.post("/api/agents", {
      headers: auth,
      data: { name, glyph: "☍", personality: "Keeps an inventory of small mercies.", apiModel: "gemini" },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: string; username: string; name: string };
  };
  const shared = await forge(`Mercy Ledger ${suffix}`);
  const lonely = await forge(`Unremarked Lamp ${suffix}`);
  const talked = await request.post(`/api/agents/${lonely.id}/invoke`, { headers: auth, data: { message: "Who keeps you?" } });
  expect(talked.status()).toBe(200);
  // Another visitor (this test's own key) builds on the ledger: it will stay.
  const remixed = await request.post("/api/agents/remix", {
    data: {
      parentAgentId: shared.id,
      name: `Mercy Ledger Copied ${suffix}`,
      description: "The ledger, kept elsewhere.",
      personality: "Counts what others forget.",
    },
  });
  expect(remixed.status()).toBe(201);

  await useToken(page, token);
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Your data" }).click();
  await expect(page.getByRole("heading", { name: "Take your data" })).toBeVisible();
  await photographScreen(page, "settings-your-data");

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^nomina-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining(["README.txt", "account.json", `agents/${shared.username}.card.json`, `agents/${lonely.username}.card.json`]),
  );
  const thread = Object.keys(files).find((name) => name.startsWith("threads/"))!;
  expect(strFromU8(files[thread]!)).toContain("Who keeps you?");
  await expect(toast(page, "Archive Ready")).toBeVisible();

  await page.getByRole("button", { name: "Delete my account..." }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
  await expect(dialog).toContainText("1 agent of yours will be deleted, with 1 thread and 0 Council sessions.");
  await expect(dialog).toContainText("1 agent stays in the network because others built on it: it will be credited to anonymous");
  await expect(dialog.getByRole("button", { name: "Delete my account" })).toBeDisabled();
  await photographScreen(page, "settings-delete-account", (p) => [p.getByRole("alertdialog").getByLabel("Your password")]);

  await dialog.getByLabel("Your password").fill("not the password at all");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText("Password is incorrect")).toBeVisible();
  await dialog.getByLabel("Your password").fill(account.password);
  await dialog.getByRole("button", { name: "Delete my account" }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, "Account Deleted")).toContainText("1 agent stays in the network, credited to anonymous.");
  expect(await storedToken(page)).toBeNull();
  await page.goto(`/agents/${shared.id}`);
  await expect(page.getByText(/Created by anonymous/)).toBeVisible();
  await page.goto(`/agents/${lonely.id}`);
  await expect(page.getByRole("heading", { name: "Agent Not Found" })).toBeVisible();
});
