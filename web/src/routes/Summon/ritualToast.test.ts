import { describe, expect, it } from "vitest";
import { FAILED_TITLE, QUOTA_DESCRIPTION, QUOTA_TITLE, ritualFailureToast } from "./ritualToast";

/** An error as Relay hands it over when the server answered with GraphQL errors. */
const graphQLError = (message: string, code: string) =>
  Object.assign(new Error(`No data returned for operation, got error(s):\n${message}`), { source: { errors: [{ message, extensions: { code } }] } });

describe("the Summoning Gate's failure toasts (spec 8)", () => {
  it("reads a spent quota as such", () => {
    const toast = ritualFailureToast(graphQLError("Your daily council synthesis quota has been reached. It renews at midnight UTC.", "QUOTA_EXCEEDED"));
    expect(toast).toEqual({ title: QUOTA_TITLE, description: QUOTA_DESCRIPTION, quota: true });
    expect(QUOTA_TITLE).toBe("Your truth quota has been reached");
    expect(QUOTA_DESCRIPTION).toBe("The network awaits your deeper initiation...");
  });

  it("reads any message with 'reached' as the quota too", () => {
    expect(ritualFailureToast(new Error("The limit was reached")).title).toBe(QUOTA_TITLE);
  });

  it("names any other failure with the server's message", () => {
    expect(ritualFailureToast(graphQLError("Your session has ended. Sign in again.", "UNAUTHENTICATED"))).toEqual({
      title: FAILED_TITLE,
      description: "Your session has ended. Sign in again.",
    });
    expect(ritualFailureToast(new Error("socket closed")).description).toBe("socket closed");
  });
});
