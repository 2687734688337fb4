// The Name.com stand-in refuses what the Core API (OpenAPI 1.7.0) refuses, so the adapter's tests
// would catch a client still on /v4, one relying on an idempotency key for renewals, one sending the
// whole host name as a URL forwarding's host, or one using the deprecated autorenew calls.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNamecomFake, type NamecomFake } from "./namecom-fake";

const CREDENTIALS = { username: "herald-test", token: "nc-token" };
const AUTH = `Basic ${Buffer.from("herald-test:nc-token").toString("base64")}`;
let namecom: NamecomFake;
let clock = new Date("2026-03-01T00:00:00Z");

beforeAll(async () => {
  namecom = await startNamecomFake(CREDENTIALS, () => clock);
});
afterAll(() => namecom.close());

async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${namecom.url}${path}`, {
    method,
    headers: { authorization: AUTH, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

describe("the Name.com Core API stand-in", () => {
  it("serves only /core/v1: the v4 paths are unknown routes", async () => {
    expect((await send("POST", "/v4/domains:checkAvailability", { domainNames: ["acme.com"] })).status).toBe(404);
    expect((await send("POST", "/core/v1/domains:checkAvailability", { domainNames: ["acme.com"] })).status).toBe(200);
  });

  it("refuses wrong credentials with 401 and a POST without the JSON content type with 415", async () => {
    expect((await send("GET", "/core/v1/domains/acme.com", undefined, { authorization: "Basic bm9wZQ==" })).status).toBe(401);
    const plain = await send("POST", "/core/v1/domains:checkAvailability", undefined, {});
    expect(plain).toMatchObject({ status: 415, body: { message: "The 'Content-Type' header must be 'application/json' for this request." } });
  });

  it("replays a create with the same idempotency key, and refuses the key on a different request with 409", async () => {
    const first = await send("POST", "/core/v1/domains", { domain: { domainName: "keyed.com" } }, { "x-idempotency-key": "k1" });
    const replay = await send("POST", "/core/v1/domains", { domain: { domainName: "keyed.com" } }, { "x-idempotency-key": "k1" });
    expect(replay).toMatchObject({ status: 200, body: first.body });
    expect(replay.headers.get("x-idempotent-replay")).toBe("1");
    expect(await send("POST", "/core/v1/domains", { domain: { domainName: "other-keyed.com" } }, { "x-idempotency-key": "k1" })).toMatchObject({
      status: 409,
      body: { message: "Idempotency key has been reused for a different request" },
    });
    clock = new Date(clock.getTime() + 13 * 3_600_000);
    // After 12 hours the key is forgotten: the same create is a new one, refused as the name is held.
    expect((await send("POST", "/core/v1/domains", { domain: { domainName: "keyed.com" } }, { "x-idempotency-key": "k1" })).status).toBe(400);
  });

  it("renews on every call, whatever idempotency header it carries (documented for creates only)", async () => {
    await send("POST", "/core/v1/domains", { domain: { domainName: "renewed.com" } });
    const before = namecom.renewals.length;
    await send("POST", "/core/v1/domains/renewed.com:renew", { years: 1 }, { "x-idempotency-key": "same" });
    const again = await send("POST", "/core/v1/domains/renewed.com:renew", { years: 1 }, { "x-idempotency-key": "same" });
    expect(namecom.renewals.length - before).toBe(2);
    expect((again.body?.domain as { expireDate: string }).expireDate).toBe(new Date(new Date(namecom.domains.get("renewed.com")!.createDate).getTime() + 3 * 365 * 86_400_000).toISOString());
    expect((await send("POST", "/core/v1/domains/nobody.com:renew", { years: 1 })).status).toBe(404);
  });

  it("takes a URL forwarding's host as the subdomain part, and deletes by the whole host name", async () => {
    await send("POST", "/core/v1/domains", { domain: { domainName: "fwd.com" } });
    expect((await send("POST", "/core/v1/domains/fwd.com/url/forwarding", { host: "www", forwardsTo: "https://a.example", type: "redirect" })).body).toMatchObject({ host: "www.fwd.com" });
    // The v4 meaning (the whole name) forwards a subdomain named after the domain, not the apex.
    expect((await send("POST", "/core/v1/domains/fwd.com/url/forwarding", { host: "fwd.com", forwardsTo: "https://a.example", type: "redirect" })).body).toMatchObject({ host: "fwd.com.fwd.com" });
    expect((await send("POST", "/core/v1/domains/fwd.com/url/forwarding", { host: "", forwardsTo: "https://a.example", type: "redirect" })).body).toMatchObject({ host: "fwd.com" });
    expect((await send("POST", "/core/v1/domains/fwd.com/url/forwarding", { host: "", forwardsTo: "https://b.example", type: "redirect" })).status).toBe(409);
    expect((await send("POST", "/core/v1/domains/fwd.com/url/forwarding", { host: "x", forwardsTo: "https://b.example", type: "permanent" })).status).toBe(400);
    expect((await send("DELETE", "/core/v1/domains/fwd.com/url/forwarding/www")).status).toBe(404);
    expect((await send("DELETE", "/core/v1/domains/fwd.com/url/forwarding/www.fwd.com")).status).toBe(204);
  });

  it("changes auto-renewal only through PATCH /core/v1/domains/{name}: the deprecated calls are gone", async () => {
    await send("POST", "/core/v1/domains", { domain: { domainName: "auto.com" } });
    expect((await send("POST", "/core/v1/domains/auto.com:disableAutorenew", {})).status).toBe(404);
    expect((await send("PATCH", "/core/v1/domains/auto.com", {})).status).toBe(400);
    expect(await send("PATCH", "/core/v1/domains/auto.com", { autorenewEnabled: false })).toMatchObject({ status: 200, body: { autorenewEnabled: false } });
  });
});
