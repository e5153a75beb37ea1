// The session token lives in local storage under a key named after the product (spec 9).
export const TOKEN_KEY = "nomina.token";

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}
