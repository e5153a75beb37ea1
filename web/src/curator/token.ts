// The curator's session token, kept apart from a user's (relay/token.ts): a curator may be signed
// in to the console and, as someone else or no one, to the rest of the app in the same browser.
import { tokenStore } from "../relay/token-store";

export const CURATOR_TOKEN_KEY = "nomina.curator";

const store = tokenStore(CURATOR_TOKEN_KEY);

export const readCuratorToken = store.read;
export const writeCuratorToken = store.write;
export const clearCuratorToken = store.clear;
/** Calls `listener` when the curator's token changes, here or in another tab. */
export const subscribeCuratorToken = store.subscribe;
