import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect, it } from "vitest";
import { rawId } from "./ids.ts";

const ID = "01900000-0000-7000-8000-00000000002a";

// A reference may be a global id, a plain id or a username: each reaches the service as itself.
describe("rawId", () => {
  it("unwraps a global id of the type asked for", () => {
    expect(rawId("Agent", encodeGlobalID("Agent", ID))).toBe(ID);
    expect(rawId("Agent", ` ${encodeGlobalID("Agent", ID)} `)).toBe(ID);
    expect(rawId("Thread", encodeGlobalID("Thread", "a:b"))).toBe("a:b");
  });

  it("leaves plain ids, usernames and other types' ids as they are", () => {
    expect(rawId("Agent", ID)).toBe(ID);
    expect(rawId("Agent", "nebula-oracle")).toBe("nebula-oracle");
    // Letters only, in fours: shaped like base64, decoding to no "Agent:" prefix.
    expect(rawId("Agent", "echo")).toBe("echo");
    expect(rawId("Agent", encodeGlobalID("User", ID))).toBe(encodeGlobalID("User", ID));
    expect(rawId("Agent", Buffer.from("Agent:").toString("base64"))).toBe(Buffer.from("Agent:").toString("base64"));
  });
});
