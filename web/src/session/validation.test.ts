import { describe, expect, it } from "vitest";
import { validateChangePassword, validateLogin, validateRegister } from "./validation";

describe("account forms (spec 5, messages verbatim)", () => {
  it("registration: a name of 2 or more, a valid email, a password of 8 or more", () => {
    expect(validateRegister({ name: " A ", email: "nope", password: "1234567" })).toEqual({
      name: "Name must be at least 2 characters",
      email: "Invalid email address",
      password: "Password must be at least 8 characters",
    });
    expect(validateRegister({ name: "Ada", email: " ada@example.net ", password: "12345678" })).toEqual({});
  });

  it("login: a valid email and any password", () => {
    expect(validateLogin({ email: "ada@", password: "" })).toEqual({ email: "Invalid email address", password: "Password is required" });
    expect(validateLogin({ email: "ada@example.net", password: "x" })).toEqual({});
  });

  it("change password: the current one, and a new one of 8 or more", () => {
    expect(validateChangePassword({ currentPassword: "", newPassword: "short" })).toEqual({
      currentPassword: "Current password is required",
      newPassword: "New password must be at least 8 characters",
    });
    expect(validateChangePassword({ currentPassword: "old", newPassword: "long enough" })).toEqual({});
  });
});
