import { describe, expect, it } from "vitest";
import { clientAddress } from "./actor.ts";

describe("the client's address", () => {
  it("is the socket's peer unless proxies are trusted", () => {
    expect(clientAddress("10.0.0.5", "203.0.113.9", 0)).toBe("10.0.0.5");
    expect(clientAddress(undefined, undefined, 0)).toBe("unknown");
  });

  it("behind n trusted proxies, is the entry the outermost one appended, whatever the client claimed before it", () => {
    // nginx appends the address it saw: a client claiming to be 1.1.1.1 is still 203.0.113.9.
    expect(clientAddress("172.18.0.3", "1.1.1.1, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(clientAddress("172.18.0.3", "203.0.113.9, 198.51.100.7", 2)).toBe("203.0.113.9");
    expect(clientAddress("172.18.0.3", undefined, 1)).toBe("172.18.0.3");
    expect(clientAddress("172.18.0.3", "203.0.113.9", 3)).toBe("203.0.113.9");
  });
});
