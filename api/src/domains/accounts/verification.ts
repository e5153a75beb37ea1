// Email verification: registration creates a one-time token and mails a link to it. The link
// is a GET a person can follow from any mail client: /api/auth/verify?token=... marks the
// address verified and lands on /settings. Only the token's hash is stored.
import { randomBytes } from "node:crypto";
import escapeHtml from "escape-html";
import type { Mail } from "./mail.ts";

export const VERIFICATION_TYPE = "email";
export const VERIFICATION_TTL_MS = 7 * 86_400_000;

export function newVerificationToken(): string {
  return randomBytes(32).toString("base64url");
}

export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/api/auth/verify?token=${encodeURIComponent(token)}`;
}

export function verificationMail(to: { name: string; email: string }, link: string): Mail {
  const lines = [
    `${to.name},`,
    "",
    "Your name has been spoken in the Nomina network. Follow this link to verify your email address:",
    link,
    "",
    "The link works for 7 days. If you did not register, ignore this message.",
  ];
  return {
    to: to.email,
    subject: "Verify your email for Nomina",
    text: lines.join("\n"),
    html: `<p>${escapeHtml(to.name)},</p><p>Your name has been spoken in the Nomina network. Follow this link to verify your email address:</p><p><a href="${escapeHtml(link)}">Verify my email</a></p><p>The link works for 7 days. If you did not register, ignore this message.</p>`,
    link,
  };
}
