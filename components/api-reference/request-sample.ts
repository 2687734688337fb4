// What a call to one operation looks like: the curl command shown beside it, and the address the
// page's "Try it" may call. Pure, so the rules (only this instance's /api/v1, no path escaping out
// of it) are tested without a browser.
import type { OpenApiOperation } from "./operations";

export const API_PREFIX = "/api/v1";
const WORKSPACE_HEADER = "X-Herald-Workspace";

/** Whether the operation needs the API key (the OpenAPI document marks public ones `security: []`). */
export function needsKey(operation: Pick<OpenApiOperation, "security">): boolean {
  return !(Array.isArray(operation.security) && operation.security.length === 0);
}

export function acceptsWorkspaceHeader(operation: Pick<OpenApiOperation, "parameters">): boolean {
  return Boolean(operation.parameters?.some((parameter) => parameter.in === "header" && parameter.name === WORKSPACE_HEADER));
}

/** A single-quoted shell word: safe whatever the text holds. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function curlSample(input: { origin: string; method: string; path: string; operation: Pick<OpenApiOperation, "security" | "parameters">; body: string | null }): string {
  const lines = [`curl -X ${input.method.toUpperCase()} ${shellQuote(`${input.origin}${API_PREFIX}${input.path}`)}`];
  if (needsKey(input.operation)) lines.push(`-H "Authorization: Bearer $HERALD_API_KEY"`);
  if (input.body !== null) {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`-d ${shellQuote(input.body)}`);
  }
  return lines.join(" \\\n  ");
}

export class TryItAddressError extends Error {}

/**
 * The same-origin address of a call: the operation's path with its parameters filled in (each
 * encoded, `.` and `..` refused so a value cannot climb out of the path) and the query. Throws a
 * TryItAddressError naming the parameter when one is missing or not allowed.
 */
export function tryItAddress(input: { path: string; pathValues: Record<string, string>; query: Record<string, string>; origin: string }): string {
  const filled = input.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = (input.pathValues[name] ?? "").trim();
    if (!value) throw new TryItAddressError(`Fill in ${name}.`);
    if (value === "." || value === "..") throw new TryItAddressError(`${name} cannot be "${value}".`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams(Object.entries(input.query).filter(([, value]) => value.trim() !== "")).toString();
  const url = new URL(`${API_PREFIX}${filled}${search ? `?${search}` : ""}`, input.origin);
  if (url.origin !== new URL(input.origin).origin || !url.pathname.startsWith(`${API_PREFIX}/`)) {
    throw new TryItAddressError("Try it calls only this Herald's own API.");
  }
  return `${url.pathname}${url.search}`;
}
