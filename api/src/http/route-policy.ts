// What the edge must know of a REST route before the router sees the request: a body larger than
// the server's limit, and whether any site may call it (embeds). Each policy is declared beside
// its route, in the domain's rest.ts, and the route is registered with the policy's own path, so
// that renaming a route renames its policy; the edge reads them all through `routePolicies`.
export type RouteMethod = "GET" | "POST" | "PUT";

/** How a body over a route's own limit is refused (400 with the field, as a bad file is). */
export type BodyRefusal = { status: 400 | 413; message: string; field?: string };

export type RoutePolicy = {
  method: RouteMethod;
  /** The route's path under /api, in the router's syntax: "/agents/:ref/avatar". */
  path: string;
  /** A body limit of its own (a file upload), and how a larger body is refused. */
  body?: { limit: number; refusal: BodyRefusal };
  /** Any site may call it, without credentials: an embed reads an agent and invokes it. */
  embed?: boolean;
};

/** Where the REST routes are mounted. */
export const API_PREFIX = "/api";

export type RoutePolicies = {
  /** The body limit of a request's route, when it has one of its own. */
  bodyOf(method: string, path: string): RoutePolicy["body"];
  /** True when a request (or the preflight of one, by the method it announces) is an embed's. */
  isEmbed(method: string, path: string): boolean;
};

/** A route's path as a pattern: `:name` is one segment, `:name{re}` one segment matching `re`. */
export function pathPattern(path: string): RegExp {
  const segments = `${API_PREFIX}${path}`.split("/").map((segment) => {
    const parameter = /^:\w+(?:\{(.+)\})?$/.exec(segment);
    if (!parameter) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return parameter[1] ? `(?:${parameter[1]})` : "[^/]+";
  });
  return new RegExp(`^${segments.join("/")}$`);
}

/** The policies of every route that has one, each matched by its method and path. */
export function routePolicies(policies: readonly RoutePolicy[]): RoutePolicies {
  const compiled = policies.map((policy) => ({ ...policy, pattern: pathPattern(policy.path) }));
  const matching = (method: string, path: string) => compiled.filter((policy) => policy.method === method && policy.pattern.test(path));
  return {
    bodyOf: (method, path) => matching(method, path).find((policy) => policy.body)?.body,
    isEmbed: (method, path) => matching(method, path).some((policy) => policy.embed),
  };
}
