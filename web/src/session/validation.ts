// The account forms' rules and messages (spec section 5, verbatim), checked before anything is
// sent; the server checks the same again (api/src/domains/accounts/schemas.ts).

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const validEmail = (email: string) => EMAIL.test(email.trim());

export function validateRegister(values: { name: string; email: string; password: string }): FieldErrors<"name" | "email" | "password"> {
  const errors: FieldErrors<"name" | "email" | "password"> = {};
  if (values.name.trim().length < 2) errors.name = "Name must be at least 2 characters";
  if (!validEmail(values.email)) errors.email = "Invalid email address";
  if (values.password.length < 8) errors.password = "Password must be at least 8 characters";
  return errors;
}

export function validateLogin(values: { email: string; password: string }): FieldErrors<"email" | "password"> {
  const errors: FieldErrors<"email" | "password"> = {};
  if (!validEmail(values.email)) errors.email = "Invalid email address";
  if (values.password.length === 0) errors.password = "Password is required";
  return errors;
}

export function validateChangePassword(values: { currentPassword: string; newPassword: string }): FieldErrors<"currentPassword" | "newPassword"> {
  const errors: FieldErrors<"currentPassword" | "newPassword"> = {};
  if (values.currentPassword.length === 0) errors.currentPassword = "Current password is required";
  if (values.newPassword.length < 8) errors.newPassword = "New password must be at least 8 characters";
  return errors;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;
