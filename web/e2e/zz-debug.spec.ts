import { test } from "./support/test";
import { curatorToken } from "./support/curator";
test("debug", async ({ page, request }) => {
  page.on("console", (m) => console.log("CONSOLE", m.type(), m.text().slice(0, 300)));
  page.on("pageerror", (e) => console.log("PAGEERROR", e.message));
  page.on("requestfailed", (r) => console.log("FAILED", r.url().slice(0, 120), r.failure()?.errorText));
  page.on("response", (r) => { if (r.url().includes("graphql")) console.log("RESP", r.status(), r.url()); });
  const token = await curatorToken(request);
  await page.goto("/this-page-does-not-exist");
  await page.evaluate((value) => window.localStorage.setItem("nomina.curator", value), token);
  await page.goto("/curator/explorer");
  await page.waitForTimeout(4000);
  await page.getByRole("button", { name: /Execute query/ }).click();
  await page.waitForTimeout(4000);
  await page.screenshot({ path: "/tmp/console-explorer.png" });
  const r = await request.get("/api/agents/nomenclator"); console.log("AGENT", (await r.text()).slice(0, 300));
});
