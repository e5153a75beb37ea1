// How long a failed sign-in takes must not tell whether the email has an account: the
// password is checked (against a decoy hash when there is no account) on every attempt.
// Timings are not asserted (they vary by machine); the checks themselves are counted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registered } from "../../../test/accounts.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { passwordChecks } from "./passwords.ts";

describe("a failed sign-in", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite");
  });
  afterAll(() => app.stop());

  it("checks a password whether or not the email has an account", async () => {
    const account = await registered(app);
    for (const email of [account.email, "nobody-here@example.com"]) {
      const before = passwordChecks();
      const response = await app.request("POST", "/api/auth/login", { email, password: "not the password" });
      expect(response.status, email).toBe(401);
      expect(await response.json()).toEqual({ message: "Invalid email or password" });
      expect(passwordChecks() - before, email).toBe(1);
    }
  });
});
