// What an account act answers when it succeeds, the same words on REST and GraphQL.
export const MESSAGES = {
  registered: "Registration successful. Follow the link we sent to your email to verify it.",
  loggedIn: "Login successful",
  loggedOut: "Logged out",
  passwordChanged: "Your password has been updated successfully.",
  accountDeleted: "Your account is deleted. What stays of your agents is credited to anonymous.",
  verified: "Your email is verified",
  verificationSent: "A new verification link is on its way to your email",
} as const;
