// Failed sign-ins are limited per email and address together (guessing one account's password
// from one place) and per address (trying many accounts from one place). Never per email alone:
// then a stranger's ten wrong guesses would lock the account's owner out. Every attempt is
// counted before its password is checked, so that guesses sent all at once count as much as
// guesses sent one by one; a right password gives the attempt back, and clears the pair's count.
import { addressKey } from "../../actor.ts";
import type { Limits } from "../../config.ts";
import { rateLimited } from "../../errors.ts";
import type { CounterStore } from "../usage/counters.ts";

export type SignInGuard = {
  /** Counts an attempt; refuses (429) once either limit is spent, before any password is checked. */
  attempt(email: string, address: string): Promise<void>;
  /** The password was right: the attempt was no failure. */
  succeeded(email: string, address: string): Promise<void>;
};

export function createSignInGuard(counters: CounterStore, limits: Pick<Limits, "loginPerEmail" | "loginPerAddress">, realm: string): SignInGuard {
  const perEmail = limits.loginPerEmail && counters.counter(`${realm}-failures-email-address`, limits.loginPerEmail);
  const perAddress = limits.loginPerAddress && counters.counter(`${realm}-failures-address`, limits.loginPerAddress);
  const emailKey = (email: string, address: string) => `email:${email}:${addressKey(address)}`;
  return {
    async attempt(email, address) {
      const waits = await Promise.all([perEmail?.take(emailKey(email, address)), perAddress?.take(addressKey(address))]);
      const wait = Math.max(0, ...waits.map((w) => w ?? 0));
      if (wait > 0) {
        const minutes = Math.ceil(wait / 60);
        throw rateLimited(`Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, wait);
      }
    },
    async succeeded(email, address) {
      await Promise.all([perEmail?.reset(emailKey(email, address)), perAddress?.refund(addressKey(address))]);
    },
  };
}
