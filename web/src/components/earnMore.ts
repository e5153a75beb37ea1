// Where a visitor earns more of the day's Council questions and glyph rituals (ritual tiers,
// api/src/domains/accounts/quotas.ts): registering, verifying the email, then what others do with
// your agents (nominating, remixing, talking with them).
import { paths } from "@nomina/shared/paths";
import { getSession, type SessionState } from "../session/store";

export type EarnMore = { label: string; to: string };

export function earnMore(session: SessionState = getSession()): EarnMore {
  if (session.status !== "signed-in" || !session.viewer) return { label: "Register for more", to: `${paths.auth}?tab=register` };
  if (!session.viewer.verified) return { label: "Verify your email for more", to: paths.settings };
  return { label: "Share your agents to raise your tier", to: paths.myAgents };
}

/** True when a refusal is a spent daily quota (the server's messages say 'quota'). */
export const isQuotaRefusal = (message: string) => /quota/i.test(message);
