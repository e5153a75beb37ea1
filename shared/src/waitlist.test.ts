// The Naming Ritual's form checks what the server checks, under the form's own field names.
import { describe, expect, it } from "vitest";
import { fieldErrors } from "../test/field-errors.ts";
import { waitlistFormSchema } from "./waitlist.ts";

describe("the Naming Ritual form", () => {
  it("is sent as name, email and agentType, trimmed, the address in lower case", () => {
    expect(waitlistFormSchema.parse({ secretName: " Vesper ", neuralLink: " Vesper@Example.org ", purpose: "seeker" })).toEqual({
      name: "Vesper",
      email: "vesper@example.org",
      agentType: "seeker",
    });
  });

  it("refuses with the server's messages", () => {
    expect(fieldErrors(waitlistFormSchema, { secretName: "Vesper", neuralLink: "not-an-address", purpose: "witness" })).toEqual({
      neuralLink: "Neural link must be a valid email address",
    });
    expect(fieldErrors(waitlistFormSchema, { secretName: "  ", neuralLink: "v@example.org", purpose: "oracle" })).toEqual({
      secretName: "Secret name is required",
      purpose: "Purpose must be one of creator, curator, witness, seeker, guardian",
    });
  });
});
