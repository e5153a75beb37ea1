// Account inputs with the spec's messages (section 5) verbatim: the sign-in, registration and
// password forms check them before sending, GraphQL, REST and the curator CLI check them again.
import { z } from "zod";
import { clientText, hasHiddenCharacters, hasVisibleCharacter, trimmedText } from "./text.ts";

/** argon2 takes any length; the cap only keeps a request from hashing megabytes. */
export const PASSWORD_MAX = 256;
/** The council-user schema's minimum (spec section 5). */
export const CURATOR_PASSWORD_MIN = 6;

const email = clientText(254, "Invalid email address", "Invalid email address")
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "Invalid email address" }).max(254, "Invalid email address"));

const password = (min: number, message: string) =>
  z.string({ error: message }).min(min, message).max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const required = (message: string) => z.string({ error: message }).min(1, message).max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const registerSchema = z.object({
  name: trimmedText(2, "Name must be at least 2 characters", 100, "Name must be at most 100 characters"),
  email,
  password: password(8, "Password must be at least 8 characters"),
});
export type RegisterInput = z.output<typeof registerSchema>;

export const loginSchema = z.object({ email, password: required("Password is required") });
export type LoginInput = z.output<typeof loginSchema>;

export const changePasswordSchema = z.object({
  currentPassword: required("Current password is required"),
  newPassword: password(8, "New password must be at least 8 characters"),
});
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

/** How a creator is credited on its agents (#30): its display name, else its name; or "anonymous". */
export function creditOf(user: { name: string; displayName: string | null; anonymous: boolean }): string {
  if (user.anonymous) return ANONYMOUS_CREDIT;
  return user.displayName?.trim() || user.name;
}
export const ANONYMOUS_CREDIT = "anonymous";
export const DISPLAY_NAME_MAX = 40;
export const DISPLAY_NAME_TOO_LONG = `Display name must be at most ${DISPLAY_NAME_MAX} characters`;
export const DISPLAY_NAME_HIDDEN = "Display name cannot contain invisible or control characters";
export const DISPLAY_NAME_PRETENDS = "To stay anonymous, choose 'Stay anonymous'";
/** Refused by the server, which knows the names (api/src/domains/accounts/display-names.ts): 409. */
export const DISPLAY_NAME_CURATORS = "Display name looks like a curator's name";
export const DISPLAY_NAME_CREATORS = "Display name looks like another creator's name";

/**
 * A display name is a name people tell creators apart by, held to the rules of agents' names
 * (text.ts nameText): compatibility-normalised (NFKC), trimmed, at most 40 characters, nothing a
 * reader cannot see or that reorders what they see. Empty (or only spaces) means the account's
 * name: null. Whether it looks like a curator's or another creator's is the server's to say.
 */
const displayName = clientText(DISPLAY_NAME_MAX, DISPLAY_NAME_TOO_LONG)
  .overwrite((name) => name.normalize("NFKC"))
  .trim()
  .max(DISPLAY_NAME_MAX, DISPLAY_NAME_TOO_LONG)
  .refine((name) => name === "" || hasVisibleCharacter(name), { message: DISPLAY_NAME_HIDDEN, abort: true })
  .refine((name) => !hasHiddenCharacters(name), { message: DISPLAY_NAME_HIDDEN, abort: true })
  .transform((name) => name || null)
  .refine((name) => name === null || name.toLowerCase() !== ANONYMOUS_CREDIT, DISPLAY_NAME_PRETENDS);

/** Settings → Profile: how the account's agents credit it. An empty display name means its name. */
export const profileSchema = z.object({
  displayName: displayName.nullable().optional(),
  anonymous: z.boolean({ message: "Anonymous must be true or false" }).optional(),
});
export type ProfileInput = z.output<typeof profileSchema>;

/**
 * Deleting an account (#30 item 8) asks for its password again, or, for an account that signs in
 * elsewhere (no password here), its email typed out.
 */
export const deleteAccountSchema = z.object({
  password: z.string({ message: "Password must be text" }).max(200, "Password is incorrect").optional(),
  email: z.string({ message: "Email must be text" }).max(320, "Type your account's email to confirm").optional(),
});
export type DeleteAccountInput = z.output<typeof deleteAccountSchema>;
export const DELETE_PASSWORD_WRONG = "Password is incorrect";
export const DELETE_EMAIL_WRONG = "Type your account's email to confirm";

export const verifyEmailSchema = z.object({
  token: trimmedText(1, "A verification token is required", 200, "This verification link is invalid or has expired"),
});

/** A curator account (the spec's council-user schema): a valid email and a password of 6 or more. */
export const curatorSchema = z.object({
  email,
  password: password(CURATOR_PASSWORD_MIN, `Password must be at least ${CURATOR_PASSWORD_MIN} characters`),
  name: trimmedText(1, "Name is required", 100, "Name must be at most 100 characters"),
});
export type CuratorInput = z.output<typeof curatorSchema>;
