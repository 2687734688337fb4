// The one router of /api/v1: from a request's method and path to the OpenAPI operation it names,
// with its path parameters, or to the answer the API gives when none does (404 for an unknown path
// or a trailing slash, 400 for an undecodable path segment, 405 with Allow for another method, 204
// with Allow for OPTIONS). The request gate (request-gate.ts) answers those itself and hands a
// matched operation to its handler (serve-api.ts); the API tests route through the same function
// (server/test/call-api.ts).
//
// A literal segment beats a `{param}` at the same position (`/accounts/hosted-link` over
// `/accounts/{id}`). The paths are compiled once: a request splits its path once, decodes each
// segment once and tries only the paths with its number of segments, most literal first.
import { HeraldError } from "../lib/errors";

export interface RoutedOperation {
  method: string;
  /** Below /api/v1, e.g. `/campaigns/{id}`. */
  path: string;
}

export const API_PREFIX = "/api/v1";

/** The methods an Allow header lists, in this order. */
const METHOD_ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export type ApiRouting<Op extends RoutedOperation> =
  | { kind: "operation"; operation: Op; params: Record<string, string> }
  /** The API's own answer: an error (with Allow on a 405) or, for OPTIONS, a 204 with Allow. */
  | { kind: "answer"; status: 204; allow: string }
  | { kind: "error"; error: HeraldError; allow?: string };

interface CompiledPath<Op> {
  /** Per segment: the literal it must equal, or null for a parameter. */
  literals: Array<string | null>;
  /** Per segment: the parameter's name, or null for a literal. */
  names: Array<string | null>;
  /** Upper-case method → operation. */
  operations: Map<string, Op>;
  /** The path's methods for Allow, e.g. `GET, POST`. */
  allow: string;
  allowed: string[];
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function notFound(method: string, pathname: string, hint = "See /api/v1/openapi.json."): ApiRouting<never> {
  return { kind: "error", error: new HeraldError({ code: "not-found", message: `No endpoint ${method} ${pathname}. ${hint}` }) };
}

export function methodNotAllowed(method: string, pathname: string, allowed: string[]): HeraldError {
  return new HeraldError({
    code: "method-not-allowed",
    message: `${pathname} does not take ${method}; it takes ${allowed.join(", ")}.`,
    details: { allow: allowed },
  });
}

/** Compiles the operations' paths once; the returned function routes one request. */
export function createApiRouter<Op extends RoutedOperation>(operations: readonly Op[]) {
  const byTemplate = new Map<string, Op[]>();
  for (const operation of operations) byTemplate.set(operation.path, [...(byTemplate.get(operation.path) ?? []), operation]);
  /** Segment count → the paths of that length, most literal first (literal segments rank before parameters, left to right). */
  const bySegments = new Map<number, Array<CompiledPath<Op> & { rank: string }>>();
  for (const [template, routed] of byTemplate) {
    const parts = template.replace(/^\//, "").split("/");
    const names = parts.map((part) => /^\{(.+)\}$/.exec(part)?.[1] ?? null);
    const allowed = METHOD_ORDER.filter((name) => routed.some((operation) => operation.method.toUpperCase() === name));
    const compiled = {
      literals: parts.map((part, index) => (names[index] === null ? part : null)),
      names,
      operations: new Map(routed.map((operation) => [operation.method.toUpperCase(), operation])),
      allow: allowed.join(", "),
      allowed,
      rank: names.map((name) => (name === null ? "0" : "1")).join(""),
    };
    bySegments.set(parts.length, [...(bySegments.get(parts.length) ?? []), compiled]);
  }
  for (const paths of bySegments.values()) paths.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));

  function find(segments: string[], decoded: Array<string | null>): CompiledPath<Op> | undefined {
    return bySegments.get(segments.length)?.find((path) =>
      path.literals.every((literal, index) => (literal === null ? segments[index] !== "" : decoded[index] === literal)),
    );
  }

  /** `pathname` is the whole path, /api/v1 included, without the query; `method` is upper case. */
  return function routeApiRequest(method: string, pathname: string): ApiRouting<Op> {
    const rest = pathname.slice(API_PREFIX.length);
    if (rest.length > 1 && rest.endsWith("/")) {
      return notFound(method, pathname, `Paths have no trailing slash: ${pathname.replace(/\/+$/, "")}.`);
    }
    const segments = rest.slice(1).split("/");
    const decoded = segments.map(decode);
    const path = find(segments, decoded);
    if (!path) return notFound(method, pathname);
    const params: Record<string, string> = {};
    const undecodable: string[] = [];
    path.names.forEach((name, index) => {
      if (name === null) return;
      const value = decoded[index];
      if (value === null || value === undefined) undecodable.push(name);
      else params[name] = value;
    });
    if (undecodable.length) {
      const fields = undecodable.map((field) => ({ field, message: "is not valid percent-encoded UTF-8" }));
      return { kind: "error", error: HeraldError.invalidInput(`Invalid path parameter ${fields[0]!.field}: ${fields[0]!.message}`, fields) };
    }
    if (method === "OPTIONS") return { kind: "answer", status: 204, allow: `${path.allow}, OPTIONS` };
    const operation = path.operations.get(method);
    if (!operation) return { kind: "error", error: methodNotAllowed(method, pathname, path.allowed), allow: path.allow };
    return { kind: "operation", operation, params };
  };
}
