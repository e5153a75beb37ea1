// Without SMTP_URL, mail is written to the outbox. Outside production its link is logged too,
// for a developer on a fresh machine; in production a logged link would be a key in the logs.
import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../logger.ts";
import { createMailer } from "./mail.ts";

const LINK = "http://localhost:4000/api/auth/verify?token=secret-token-value";

async function sendOne(production: boolean) {
  const lines: string[] = [];
  const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(chunk.toString()), done()) });
  const outboxDir = await mkdtemp(path.join(tmpdir(), "nomina-outbox-"));
  const mailer = createMailer({ smtpUrl: undefined, outboxDir, log: createLogger("info", sink), production });
  await mailer.send({ to: "someone@example.com", subject: "Verify", text: `Follow ${LINK}`, html: `<a href="${LINK}">verify</a>`, link: LINK });
  return { log: lines.join(""), files: await readdir(outboxDir) };
}

describe("the outbox mailer", () => {
  it("writes the mail and logs its link outside production", async () => {
    const { log, files } = await sendOne(false);
    expect(files).toHaveLength(1);
    expect(log).toContain("secret-token-value");
  });

  it("never logs the link in production", async () => {
    const { log, files } = await sendOne(true);
    expect(files).toHaveLength(1);
    expect(log).toContain("mail written to the outbox");
    expect(log).not.toContain("secret-token-value");
  });
});
