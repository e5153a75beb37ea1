import { z } from "zod";
import { WaitlistPurpose } from "../../generated/prisma/enums.ts";

export const PURPOSES = Object.values(WaitlistPurpose);

export const joinWaitlistSchema = z.object({
  name: z.string({ error: "Secret name is required" }).trim().min(1, "Secret name is required").max(100, "Secret name is too long"),
  email: z
    .string({ error: "Neural link must be a valid email address" })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "Neural link must be a valid email address" }).max(254, "Neural link is too long")),
  agentType: z.enum(PURPOSES, { error: `Purpose must be one of ${PURPOSES.join(", ")}` }),
});
export type JoinWaitlistInput = z.output<typeof joinWaitlistSchema>;
