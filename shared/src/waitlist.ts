// The Naming Ritual (spec 3, 5): the landing page's form checks it, GraphQL and REST again.
import { z } from "zod";
import { WAITLIST_PURPOSES } from "./enums.ts";
import { clientText, trimmedText } from "./text.ts";

export const joinWaitlistSchema = z.object({
  name: trimmedText(1, "Secret name is required", 100, "Secret name is too long"),
  email: clientText(254, "Neural link is too long", "Neural link must be a valid email address")
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "Neural link must be a valid email address" }).max(254, "Neural link is too long")),
  agentType: z.enum(WAITLIST_PURPOSES, { error: `Purpose must be one of ${WAITLIST_PURPOSES.join(", ")}` }),
});
export type JoinWaitlistInput = z.output<typeof joinWaitlistSchema>;

/** The landing form's fields (spec 3: secretName, neuralLink, purpose), checked as the input they are sent as. */
export const waitlistFormSchema = z
  .object({
    secretName: joinWaitlistSchema.shape.name,
    neuralLink: joinWaitlistSchema.shape.email,
    // A select's value is text, empty before a purpose is chosen.
    purpose: z.string().pipe(joinWaitlistSchema.shape.agentType),
  })
  .transform(({ secretName, neuralLink, purpose }): JoinWaitlistInput => ({ name: secretName, email: neuralLink, agentType: purpose }));
