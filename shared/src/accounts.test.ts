// The account forms' rules (spec 5, messages verbatim), as the forms show them: one message per
// field. The server answers the same (api/src/domains/accounts/accounts.test.ts).
import { describe, expect, it } from "vitest";
import { fieldErrors } from "../test/field-errors.ts";
import { changePasswordSchema, curatorSchema, loginSchema, registerSchema } from "./accounts.ts";

describe("account forms (spec 5, messages verbatim)", () => {
  it("registration: a name of 2 or more, a valid email, a password of 8 or more", () => {
    expect(fieldErrors(registerSchema, { name: " A ", email: "nope", password: "1234567" })).toEqual({
      name: "Name must be at least 2 characters",
      email: "Invalid email address",
      password: "Password must be at least 8 characters",
    });
    expect(fieldErrors(registerSchema, { name: "Ada", email: " ada@example.net ", password: "12345678" })).toEqual({});
  });

  it("login: a valid email and any password", () => {
    expect(fieldErrors(loginSchema, { email: "ada@", password: "" })).toEqual({ email: "Invalid email address", password: "Password is required" });
    expect(fieldErrors(loginSchema, { email: "ada@example.net", password: "x" })).toEqual({});
  });

  it("change password: the current one, and a new one of 8 or more", () => {
    expect(fieldErrors(changePasswordSchema, { currentPassword: "", newPassword: "short" })).toEqual({
      currentPassword: "Current password is required",
      newPassword: "New password must be at least 8 characters",
    });
    expect(fieldErrors(changePasswordSchema, { currentPassword: "old", newPassword: "long enough" })).toEqual({});
  });

  it("sends the address trimmed and in lower case, the password untouched", () => {
    expect(loginSchema.parse({ email: " Ada@Example.NET ", password: " secret " })).toEqual({ email: "ada@example.net", password: " secret " });
  });

  it("the council-user schema: a valid email and a password of 6 or more", () => {
    expect(fieldErrors(curatorSchema, { email: "ada@example.net", password: "12345", name: "Ada" })).toEqual({
      password: "Password must be at least 6 characters",
    });
    expect(fieldErrors(curatorSchema, { email: "ada@example.net", password: "123456", name: "Ada" })).toEqual({});
  });
});
