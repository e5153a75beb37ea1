// Account inputs with the spec's messages (section 5) verbatim. Shared by GraphQL and REST.
import { z } from "zod";

/** argon2 takes any length; the cap only keeps a request from hashing megabytes. */
export const PASSWORD_MAX = 256;
/** The council-user schema's minimum (spec section 5). */
export const CURATOR_PASSWORD_MIN = 6;

const email = z
  .string({ error: "Invalid email address" })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "Invalid email address" }).max(254, "Invalid email address"));

const password = (min: number, message: string) =>
  z.string({ error: message }).min(min, message).max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const required = (message: string) =>
  z.string({ error: message }).min(1, message).max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const registerSchema = z.object({
  name: z
    .string({ error: "Name must be at least 2 characters" })
    .trim()
    .min(2, "Name must be at least 2 characters")
    .max(100, "Name must be at most 100 characters"),
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

export const verifyEmailSchema = z.object({
  token: z.string({ error: "A verification token is required" }).trim().min(1, "A verification token is required").max(200, "This verification link is invalid or has expired"),
});

/** A curator account (the spec's council-user schema): a valid email and a password of 6 or more. */
export const curatorSchema = z.object({
  email,
  password: password(CURATOR_PASSWORD_MIN, `Password must be at least ${CURATOR_PASSWORD_MIN} characters`),
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name must be at most 100 characters"),
});
export type CuratorInput = z.output<typeof curatorSchema>;
