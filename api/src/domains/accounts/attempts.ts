// Failed sign-ins are limited per email and address together (guessing one account's password
// from one place) and slowed per address (trying many accounts from one place). Never per email
// alone: then a stranger's ten wrong guesses would lock the account's owner out. Nor is an
// address ever locked: behind one NAT or campus address, many people sign in, and a stranger's
// failures there must not shut them all out. Past the address's threshold, only an email with no
// recent failure from that address is heard, and only through a slow lane of a few attempts a
// minute per address, so guessing stays bounded while a right password still gets in within
// seconds. Every attempt is counted before its password is checked, so that guesses sent all at
// once count as much as guesses sent one by one; a right password gives the attempt back, and
// clears the pair's count.
import { addressKey } from "../../actor.ts";
import type { Limits } from "../../config.ts";
import { rateLimited } from "../../errors.ts";
import type { CounterStore } from "../usage/counters.ts";

export type SignInGuard = {
  /** Counts an attempt; refuses (429) once a limit is spent, before any password is checked. */
  attempt(email: string, address: string): Promise<void>;
  /** The password was right: the attempt was no failure. */
  succeeded(email: string, address: string): Promise<void>;
};

const refusal = (wait: number) => {
  const minutes = Math.ceil(wait / 60);
  return rateLimited(`Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, wait);
};

export function createSignInGuard({
  counters,
  limits,
  realm,
}: {
  counters: CounterStore;
  limits: Pick<Limits, "loginPerEmail" | "loginPerAddress" | "loginSlowPerAddress">;
  /** Whose sign-ins these are ("login", "curator-login"): each realm counts its own failures. */
  realm: string;
}): SignInGuard {
  const perEmail = limits.loginPerEmail && counters.counter(`${realm}-failures-email-address`, limits.loginPerEmail);
  const perAddress = limits.loginPerAddress && counters.counter(`${realm}-failures-address`, limits.loginPerAddress);
  const slowLane = limits.loginSlowPerAddress && counters.counter(`${realm}-slow-address`, limits.loginSlowPerAddress);
  const emailKey = (email: string, address: string) => `email:${email}:${addressKey(address)}`;
  return {
    async attempt(email, address) {
      const pair = emailKey(email, address);
      const place = addressKey(address);
      const pairWait = await perEmail?.take(pair);
      if (pairWait) throw refusal(pairWait);
      const placeWait = await perAddress?.take(place);
      if (!placeWait) return;
      // The address is past its threshold: an email that failed from here lately waits it out;
      // another is heard through the slow lane (off: not at all, as a lock).
      // Either way a refused attempt checked no password: it is no failure of the pair's.
      const failedHere = perEmail ? (await perEmail.used(pair)) > 1 : true;
      const wait = failedHere || !slowLane ? placeWait : await slowLane.take(place);
      if (wait) {
        await perEmail?.refund(pair);
        throw refusal(wait);
      }
    },
    async succeeded(email, address) {
      await Promise.all([perEmail?.reset(emailKey(email, address)), perAddress?.refund(addressKey(address))]);
    },
  };
}
