// The session token lives in local storage under a key named after the product (spec 9); the
// socket reads it when it next connects.
import { tokenStore } from "./token-store";

export const TOKEN_KEY = "nomina.token";

const store = tokenStore(TOKEN_KEY);

export const readToken = store.read;
/** Keeps the token of a new session. */
export const writeToken = store.write;
/** Forgets the token: signed out, or the server said the session has ended. */
export const clearToken = store.clear;
/** Calls `listener` whenever the token changes, here or in another tab. */
export const subscribeToken = store.subscribe;
