// Fuzzes what the /api/v1 fuzz (server/openapi/api-fuzz.test.ts) does not reach, against the real
// process: every page and route handler of app/ (fuzzed path segments, broken percent-escapes, odd
// methods, huge and odd query strings, broken bodies, React Server Component headers), and every tRPC
// procedure by name (random and malformed input), signed out and signed in. Nothing may answer 5xx
// or leave a request unanswered. Seeded and bounded: about 2,000 requests, a failure names its case.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "../lib/crypto";
import { approvalCampaign } from "../test/approvals-seed";
import { createTestUser, createTestWorkspace } from "../test/factories";
import { startHeraldProcess, type HeraldProcess } from "../test/herald-process";
import { pick, seededRandom } from "../test/openapi-fuzz";
import { appRouteTemplates, BROKEN_BODIES, FUZZED_QUERIES, FUZZED_SEGMENTS, fillTemplate, fuzzRequest, ODD_METHODS, smallRandomValue, type FuzzAnswer } from "../test/route-fuzz";
import { appRouter } from "../trpc/root";

// The router is imported for its procedure names only; its session module needs Next's runtime.
vi.mock("../auth/dashboard-session", () => ({ getSessionUserId: async () => null, getSessionActor: async () => null }));

const SEED = 30;
const PASSWORD = "correct horse battery staple";
/** Requests in flight at once: enough to finish in seconds, few enough not to measure load. */
const PARALLEL = 6;

let herald: HeraldProcess;
let sessionCookie: string;
let campaignId: string;

beforeAll(async () => {
  const user = await createTestUser({ email: `fuzz-${Date.now()}@example.com`, passwordHash: await hashPassword(PASSWORD) });
  const { actor } = await createTestWorkspace({ userId: user.id });
  // A real id for the [id] pages, so that signed in they render rather than answer 404.
  campaignId = (await approvalCampaign(actor, "Fuzzed campaign")).id;
  herald = await startHeraldProcess({
    databaseUrl: process.env.DATABASE_URL!,
    env: { HERALD_ENCRYPTION_KEY: process.env.HERALD_ENCRYPTION_KEY!, AUTH_SECRET: process.env.AUTH_SECRET! },
  });
  sessionCookie = await signIn(user.email, PASSWORD);
}, 120_000);

afterAll(async () => {
  await herald?.kill("SIGKILL");
});

/** Signs in through Auth.js's credentials callback, as the sign-in form does; returns the session cookie. */
async function signIn(email: string, password: string): Promise<string> {
  const csrf = await fetch(`${herald.url}/api/auth/csrf`);
  const csrfCookie = csrf.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const answer = await fetch(`${herald.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie, "x-auth-return-redirect": "1" },
    body: new URLSearchParams({ email, password, csrfToken, callbackUrl: "/campaigns" }),
  });
  const session = answer.headers.getSetCookie().find((cookie) => /session-token=/.test(cookie));
  if (!session) throw new Error(`Sign-in failed: ${answer.status} ${await answer.text()}`);
  return session.split(";")[0]!;
}

interface Case {
  label: string;
  target: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Runs the cases PARALLEL at a time; returns the failures (5xx, no answer, connection dropped). */
async function runCases(cases: Case[]): Promise<{ failures: string[]; statuses: Map<number, number> }> {
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const fuzzCase = cases[next++]!;
      let answer: FuzzAnswer;
      try {
        answer = await fuzzRequest(herald.url, fuzzCase.target, { method: fuzzCase.method, headers: fuzzCase.headers, body: fuzzCase.body, timeoutMs: 20_000 });
      } catch (error) {
        failures.push(`${fuzzCase.label}: ${(error as Error).message}`);
        continue;
      }
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status >= 500 || answer.status === 0) failures.push(`${fuzzCase.label}: ${answer.status} ${answer.body.slice(0, 160)}`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { failures, statuses };
}

function pageCases(random: () => number): Case[] {
  const templates = appRouteTemplates(path.resolve("app"));
  const cases: Case[] = [];
  for (const template of templates) {
    const concrete = () => fillTemplate(template, () => pick(random, FUZZED_SEGMENTS));
    const known = fillTemplate(template, () => campaignId);
    for (const [who, cookie] of [["signed out", undefined], ["signed in", sessionCookie]] as const) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      cases.push({ label: `GET ${template} (${who}, known id)`, target: known, headers });
      for (let n = 0; n < (template.includes("[") ? 3 : 1); n++) {
        const target = concrete();
        cases.push({ label: `GET ${target.slice(0, 80)} (${who})`, target, headers });
      }
      const query = pick(random, FUZZED_QUERIES);
      cases.push({ label: `GET ${template}${query.slice(0, 60)} (${who})`, target: known + query, headers });
      // A navigation inside the app: React Server Component headers with a garbled router state.
      cases.push({
        label: `RSC ${template} (${who})`,
        target: `${known}?_rsc=${Math.floor(random() * 1e6)}`,
        headers: { ...headers, rsc: "1", "next-router-state-tree": pick(random, ["%ff", "[", '["",{"children":["x",{}]},null,null,true]', "x".repeat(3000)]) },
      });
      const broken = pick(random, BROKEN_BODIES);
      cases.push({ label: `POST ${template} ${broken.contentType} (${who})`, target: concrete(), method: "POST", headers: { ...headers, "content-type": broken.contentType }, body: broken.body });
      // A server action that does not exist.
      cases.push({ label: `POST ${template} unknown server action (${who})`, target: known, method: "POST", headers: { ...headers, "next-action": pick(random, ["0", "x".repeat(42), "%ff"]), "content-type": "text/plain;charset=UTF-8" }, body: "[]" });
    }
    for (const method of [pick(random, ODD_METHODS), pick(random, ODD_METHODS)]) {
      cases.push({ label: `${method} ${template}`, target: concrete(), method, headers: { cookie: sessionCookie } });
    }
  }
  return cases;
}

function trpcCases(random: () => number): Case[] {
  const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)
    .map(([name, procedure]) => ({ name, type: procedure._def.type }))
    // Queries first, mutations after; the ones that end things (sign-out, deletions) last.
    .sort((a, b) => Number(a.type === "mutation") - Number(b.type === "mutation") || Number(/delete|remove|leave|revoke|signOut/i.test(a.name)) - Number(/delete|remove|leave|revoke|signOut/i.test(b.name)) || a.name.localeCompare(b.name));
  const cases: Case[] = [];
  const malformed = ["{", '{"json":', "null", '{"0":{"json":1}}', "[]", '{"json":{"__proto__":{"admin":true}}}', `{"json":"${"x".repeat(20_000)}"}`];
  for (const { name, type } of procedures) {
    const get = type === "query";
    for (const [who, cookie] of [["signed out", undefined], ["signed in", sessionCookie]] as const) {
      const headers: Record<string, string> = { "content-type": "application/json", ...(cookie ? { cookie } : {}) };
      const call = (input: string, label: string, asGet = get): Case =>
        asGet
          ? { label: `tRPC GET ${name} ${label} (${who})`, target: `/api/trpc/${name}?input=${encodeURIComponent(input)}`, headers }
          : { label: `tRPC POST ${name} ${label} (${who})`, target: `/api/trpc/${name}`, method: "POST", headers, body: input };
      cases.push(call(JSON.stringify({ json: smallRandomValue(random) }), "random input"));
      cases.push(call(pick(random, malformed).slice(0, get ? 2000 : undefined), "malformed input"));
      if (cookie) {
        cases.push(call(JSON.stringify({ json: smallRandomValue(random) }), "random input"));
        cases.push(call(JSON.stringify({ json: { id: campaignId, campaignId, workspaceId: "wsp_other", sessionId: "ses_unknown", token: "tok_unknown" } }), "plausible ids"));
        cases.push(call("{}", "wrong method", !get));
      }
    }
    // A batch naming the procedure twice, with garbage.
    cases.push({ label: `tRPC batch ${name}`, target: `/api/trpc/${name},${name}?batch=1&input=${encodeURIComponent('{"0":1,"1":{"json":"%ff"}}')}`, headers: { cookie: sessionCookie } });
  }
  // Procedure names that do not exist, or are not names at all.
  for (const name of ["nope", "campaigns.nope", "__proto__", "constructor.prototype", "a".repeat(3000), "%E2%80%AE", ".", "campaigns..list"]) {
    cases.push({ label: `tRPC unknown ${name.slice(0, 40)}`, target: `/api/trpc/${name}`, method: "POST", headers: { cookie: sessionCookie, "content-type": "application/json" }, body: "{}" });
  }
  return cases;
}

describe(`route and tRPC fuzz (real process, seed ${SEED})`, () => {
  it("answers every fuzzed request to every page and route handler outside /api/v1 without a 5xx or a hang", { timeout: 240_000 }, async () => {
    const cases = pageCases(seededRandom(SEED));
    expect(cases.length).toBeGreaterThan(300);
    const { failures, statuses } = await runCases(cases);
    expect(failures).toEqual([]);
    // Signed in, the known pages really rendered: not everything was a redirect or an error.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(20);
  });

  it("answers every tRPC procedure called with random and malformed input, signed out and in, without a 5xx or a hang", { timeout: 240_000 }, async () => {
    const cases = trpcCases(seededRandom(SEED + 1));
    expect(cases.length).toBeGreaterThan(1000);
    const { failures, statuses } = await runCases(cases);
    expect(failures).toEqual([]);
    expect(statuses.get(401) ?? 0).toBeGreaterThan(100);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(20);
  });
});
