// Outgoing mail. With SMTP_URL, nodemailer sends it; without, each message is written as an
// .eml file under DATA_DIR/outbox, and outside production its link is logged too, so sign-up
// works on a fresh machine. In production a link in the log would be a key anyone reading the
// logs could use: only the file is named.
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "../../logger.ts";

export type Mail = { to: string; subject: string; text: string; html: string; link: string };

export type Mailer = { send(mail: Mail): Promise<void> };

export const MAIL_FROM = "Nomina <rituals@nomina.local>";

export type MailerOptions = { smtpUrl: string | undefined; outboxDir: string; log: Logger; production?: boolean };

export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, outboxDir, log } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        log.info({ to: mail.to, subject: mail.subject }, "mail sent");
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      await mkdir(outboxDir, { recursive: true });
      // Time first, so a listing sorts oldest first; a random part, so two in one millisecond both stay.
      const file = path.join(outboxDir, `${Date.now()}-${randomBytes(3).toString("hex")}-${mail.to.replace(/[^a-z0-9@.-]/gi, "_")}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to: mail.to, file, ...(options.production ? {} : { link: mail.link }) }, "mail written to the outbox (no SMTP_URL)");
    },
  };
}
