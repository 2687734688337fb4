// POST and PUT /api/inngest run and re-sync Herald's functions. Both must be signed with the signing key:
// a bare PUT made the SDK register the app with Inngest on anyone's say-so, and an unsigned POST with a
// broken body made it answer 500 with an empty body.
import { afterEach, describe, expect, it } from "vitest";
import * as route from "@/app/api/inngest/route";
import { signRequest } from "./signing";

const SIGNING_KEY = `signkey-test-${"ab".repeat(32)}`;
const saved = { ...process.env };

afterEach(() => {
  for (const name of ["INNGEST_SIGNING_KEY", "INNGEST_DEV", "INNGEST_BASE_URL"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

function put(body: unknown, headers: Record<string, string> = {}) {
  return route.PUT(
    new Request("http://herald.test/api/inngest", {
      method: "PUT",
      headers: { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

const seconds = () => Math.round(Date.now() / 1000);

describe("PUT /api/inngest", () => {
  it("refuses an unsigned or wrongly signed re-sync with 401", async () => {
    process.env.INNGEST_SIGNING_KEY = SIGNING_KEY;
    // An out-of-band sync: the SDK would register with Inngest using the signing key.
    process.env.INNGEST_BASE_URL = "http://127.0.0.1:9";
    const bare = await put(undefined);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ error: { code: "unauthorized" } });
    const forged = await put(undefined, { "x-inngest-signature": signRequest(undefined, `signkey-test-${"00".repeat(32)}`, seconds()) });
    expect(forged.status).toBe(401);
    const stale = await put(undefined, { "x-inngest-signature": signRequest(undefined, SIGNING_KEY, seconds() - 3600) });
    expect(stale.status).toBe(401);
  });

  it("serves a re-sync signed with the signing key", async () => {
    process.env.INNGEST_SIGNING_KEY = SIGNING_KEY;
    const body = { url: "http://herald.test/api/inngest" };
    const response = await put(body, { "x-inngest-sync-kind": "in_band", "x-inngest-signature": signRequest(body, SIGNING_KEY, seconds()) });
    expect(response.status).toBe(200);
    expect((await response.json()).functions.length).toBeGreaterThan(0);
  });
});

function post(rawBody: string, headers: Record<string, string> = {}) {
  return route.POST(
    // No such function: a signed call reaches the SDK, which answers without running anything.
    new Request("http://herald.test/api/inngest?fnId=herald-no-such-function&stepId=step", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: rawBody,
    }),
  );
}

describe("POST /api/inngest", () => {
  it("refuses an unsigned call with a broken body with 401 and a body, where the SDK answered 500 with none", async () => {
    process.env.INNGEST_SIGNING_KEY = SIGNING_KEY;
    for (const rawBody of ["{", "not json", "", '{"event":{}}']) {
      const response = await post(rawBody);
      expect({ rawBody, status: response.status }).toEqual({ rawBody, status: 401 });
      expect(await response.json()).toMatchObject({ error: { code: "unauthorized", message: expect.stringContaining("X-Inngest-Signature") } });
    }
    const forged = await post("{}", { "x-inngest-signature": signRequest({}, `signkey-test-${"00".repeat(32)}`, seconds()) });
    expect(forged.status).toBe(401);
  });

  it("in Inngest's dev mode (no key) answers a body that is not JSON with 400 naming `body`", async () => {
    delete process.env.INNGEST_SIGNING_KEY;
    process.env.INNGEST_DEV = "1";
    const response = await post("{not json");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "invalid-input", details: { fields: [{ field: "body" }] } } });
  });

  it("hands a signed call to the SDK as before", async () => {
    process.env.INNGEST_SIGNING_KEY = SIGNING_KEY;
    const body = { version: 2, event: { name: "x", data: {} }, events: [], steps: {}, ctx: { run_id: "r", attempt: 0, stack: { stack: [], current: 0 } } };
    const response = await post(JSON.stringify(body), { "x-inngest-signature": signRequest(body, SIGNING_KEY, seconds()) });
    // Past the signature: the SDK's own answer for an unknown function, never our 401.
    expect(response.status).not.toBe(401);
    expect(await response.text()).toContain("herald-no-such-function");
  });
});
