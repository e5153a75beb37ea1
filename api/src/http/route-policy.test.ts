// The edge's per-route rules (route-policy.ts): a route's path means to the edge what it means to
// the router, and a rule applies to its own method only.
import { describe, expect, it } from "vitest";
import { pathPattern, routePolicies } from "./route-policy.ts";

describe("route policies", () => {
  it("match a path as the router does: a parameter is one segment, a pattern limits it", () => {
    expect(pathPattern("/agents/:ref/avatar").test("/api/agents/echo-haiku/avatar")).toBe(true);
    expect(pathPattern("/agents/:ref/avatar").test("/api/agents/a/b/avatar")).toBe(false);
    expect(pathPattern("/agents/:ref").test("/api/agents/echo-haiku/card")).toBe(false);
    expect(pathPattern("/curator/agents/:id/:act{archive|restore}").test("/api/curator/agents/x/restore")).toBe(true);
    expect(pathPattern("/curator/agents/:id/:act{archive|restore}").test("/api/curator/agents/x/ascend")).toBe(false);
    expect(pathPattern("/a.b").test("/api/aXb")).toBe(false);
  });

  it("give a body limit and an embed to their own method and route only", () => {
    const body = { limit: 4096, refusal: { status: 400, message: "Too large a file", field: "file" } } as const;
    const policies = routePolicies([
      { method: "PUT", path: "/things/:id/file", body },
      { method: "GET", path: "/things/:id", embed: true },
    ]);
    expect(policies.bodyOf("PUT", "/api/things/1/file")).toEqual(body);
    expect(policies.bodyOf("POST", "/api/things/1/file")).toBeUndefined();
    expect(policies.bodyOf("PUT", "/things/1/file")).toBeUndefined();
    expect(policies.isEmbed("GET", "/api/things/1")).toBe(true);
    expect(policies.isEmbed("POST", "/api/things/1")).toBe(false);
  });
});
