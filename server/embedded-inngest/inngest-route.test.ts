// PUT /api/inngest re-syncs Herald's functions. It must be signed with the signing key: a bare PUT
// used to make the SDK register the app with Inngest on anyone's say-so.
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
