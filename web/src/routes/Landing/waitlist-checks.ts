// The Naming Ritual's checks: the shared waitlist schema (@nomina/shared/waitlist), loaded when
// someone starts the ritual rather than with the page. zod and the schema weigh about 26 KB
// gzipped, and the landing page's JavaScript has a goal of 250 KB (docs/BENCHMARKS.md).
import type { JoinWaitlistInput } from "@nomina/shared/waitlist";

export type WaitlistFields = { secretName: string; neuralLink: string; purpose: string };

/** What the checks say: the input to send, or the first refusal's message. */
export type WaitlistCheck = { input: JoinWaitlistInput } | { refusal: string };

type Checker = (fields: WaitlistFields) => WaitlistCheck;

let loading: Promise<Checker> | undefined;

/** Loads the checks once (a failed load is tried again at the next call). */
export function loadWaitlistChecks(): Promise<Checker> {
  loading ??= import("@nomina/shared/waitlist").then(
    ({ waitlistFormSchema }) =>
      (fields) => {
        const parsed = waitlistFormSchema.safeParse(fields);
        return parsed.success ? { input: parsed.data } : { refusal: parsed.error.issues[0]?.message ?? "The ritual could not be read" };
      },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Starts the load early (when the form takes the focus); a failure waits for the submit to say so. */
export const preloadWaitlistChecks = () => void loadWaitlistChecks().catch(() => undefined);
