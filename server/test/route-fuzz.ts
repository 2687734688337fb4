// Inputs for fuzzing Herald's routes outside /api/v1 (pages, route handlers, tRPC) against the real
// process: the route templates read from app/, fuzzed path segments, odd methods, odd query strings
// and broken bodies, all seeded, and a request function that gives up after a bound (a hang is a failure).
import { readdirSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { deeplyNested, FUZZ_STRINGS, pick } from "./openapi-fuzz";

/** Every page and route handler of app/ outside /api/v1, as a URL template (`/campaigns/[id]`). */
export function appRouteTemplates(appDir: string): string[] {
  const templates: string[] = [];
  const walk = (folder: string, urlPath: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        // Route groups `(dashboard)` add nothing to the URL; private folders `_x` are not routes.
        if (entry.name.startsWith("_")) continue;
        const segment = /^\(.*\)$/.test(entry.name) ? "" : `/${entry.name}`;
        walk(path.join(folder, entry.name), urlPath + segment);
      } else if (/^(page\.tsx|route\.ts)$/.test(entry.name)) {
        templates.push(urlPath || "/");
      }
    }
  };
  walk(appDir, "");
  return [...new Set(templates)].filter((template) => !template.startsWith("/api/v1")).sort();
}

/** Path segment values, already in URL form: broken escapes, NUL, traversal, huge, unicode. */
export const FUZZED_SEGMENTS = [
  "x",
  "%ff",
  "%",
  "%zz",
  "abc%00def",
  "..%2F..%2Fetc%2Fpasswd",
  "%2e%2e",
  "%E2%80%AEevil",
  encodeURIComponent("Zoë 🚀"),
  "z".repeat(3000),
  "cmp_00000000000000000000000000",
  "%C0%AF",
  "a%20b+c",
];

/** Query strings a browser, a scanner or a broken client may send. */
export const FUZZED_QUERIES = [
  `?q=${"x".repeat(6000)}`,
  "?a=%ff&a[]=1&__proto__[polluted]=1&constructor.prototype.x=1",
  "?callbackUrl=%2F%2Fevil.example&returnTo=javascript:alert(1)",
  "?_rsc=%zz&page=-1&limit=1e309&offset=NaN",
  "?%00=%00&=&&&",
  `?id=${encodeURIComponent("\u202e")}&tab=${"%F0%9F".repeat(10)}`,
];

/** Methods beyond GET: standard ones the route may not take, WebDAV, and made-up tokens. */
export const ODD_METHODS = ["PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND", "TRACE", "FOO"];

/** Bodies that are not what any handler expects, with the content type they claim. */
export const BROKEN_BODIES: Array<{ contentType: string; body: string }> = [
  { contentType: "application/json", body: "{" },
  { contentType: "application/json", body: "[".repeat(5000) },
  { contentType: "application/x-www-form-urlencoded", body: "a=%ff&b=%&c" },
  { contentType: "multipart/form-data; boundary=zzz", body: "--zzz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nbroken" },
  { contentType: "text/plain", body: "\u0000\u0001\u0002" },
];

/** The template with each `[param]` (or `[...param]`) replaced by a value. */
export function fillTemplate(template: string, value: () => string): string {
  return template.replace(/\[(?:\.\.\.)?\w+\]/g, () => value());
}

/** A JSON value for a tRPC input that fits in a URL: wrong types, unicode, nesting, odd keys. */
export function smallRandomValue(random: () => number): unknown {
  const roll = random();
  if (roll < 0.35) return pick(random, FUZZ_STRINGS.wrongTypes);
  if (roll < 0.55) return pick(random, FUZZ_STRINGS.unicode);
  if (roll < 0.65) return deeplyNested(Math.floor(random() * 60));
  if (roll < 0.8) return { id: pick(random, FUZZ_STRINGS.unicode), limit: pick(random, FUZZ_STRINGS.wrongTypes), cursor: "x".repeat(Math.floor(random() * 300)) };
  return { [pick(random, ["id", "__proto__", "constructor", "", "workspaceId", "campaignId"])]: pick(random, [...FUZZ_STRINGS.wrongTypes, "abc\u0000"]) };
}

export interface FuzzAnswer {
  status: number;
  body: string;
}

/**
 * One request on its own connection, exact path and any method token; rejects when no answer comes
 * within `timeoutMs` (a hang), and resolves status 0 when the server closed the connection unanswered.
 */
export function fuzzRequest(
  baseUrl: string,
  target: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<FuzzAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: url.hostname, port: url.port, path: target, method: options.method ?? "GET", headers: options.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8").slice(0, 300) });
        });
        response.on("error", () => undefined);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`no answer within ${options.timeoutMs ?? 15_000} ms`));
    }, options.timeoutMs ?? 15_000);
    request.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (error.code === "ECONNRESET" || error.code === "EPIPE") resolve({ status: 0, body: error.code });
      else reject(error);
    });
    request.end(options.body);
  });
}
