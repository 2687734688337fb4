// The Name.com registrar against a local stand-in for its Core API (/core/v1, OpenAPI 1.7.0:
// checkAvailability, search, create/get/update/renew domain, records, URL forwarding) answering with
// the documented shapes and refusals, keeping the account's domains and zones, so registration,
// reconciliation and DNS convergence are real.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startNamecomFake, type NamecomFake } from "../../../test/fakes/namecom-fake";
import type { TDnsRecord } from "../../../schemas/mailbox-order";
import { createNamecomRegistrar, dollarsToCents } from "./namecom-registrar";
import { provisioningFailure } from "../../../test/provisioning-failure";

const CREDENTIALS = { username: "herald-test", token: "nc-token" };
let namecom: NamecomFake;

beforeAll(async () => {
  namecom = await startNamecomFake(CREDENTIALS, () => new Date("2026-03-01T00:00:00Z"));
});
afterAll(() => namecom.close());
beforeEach(() => {
  namecom.domains.clear();
  namecom.records.clear();
  namecom.forwarding.clear();
  namecom.taken.clear();
  namecom.goneAtRegistration.clear();
  namecom.prices.clear();
  namecom.createDelayMs = 0;
  namecom.outage = null;
  namecom.renewals.length = 0;
  namecom.idempotencyKeys.clear();
  namecom.http.requests.length = 0;
});

const registrar = (options: { timeoutMs?: number; token?: string } = {}) =>
  createNamecomRegistrar({ baseUrl: namecom.url, username: CREDENTIALS.username, token: options.token ?? CREDENTIALS.token, timeoutMs: options.timeoutMs });

describe("prices and availability", () => {
  it("turns Name.com's dollars into exact cents", () => {
    expect(dollarsToCents(10.99)).toBe(1099);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(8.95)).toBe(895);
    expect(dollarsToCents(1234.5)).toBe(123450);
    expect(dollarsToCents(undefined)).toBeNull();
    expect(dollarsToCents(-1)).toBeNull();
  });

  it("checks names in the order given, with first-year and renewal prices in cents", async () => {
    namecom.taken.add("acme.com");
    namecom.prices.set("acme-mail.com", { purchasePrice: 8.99, renewalPrice: 14.29 });
    const checked = await registrar().checkDomains(["acme-mail.com", "acme.com", "acme.io"]);
    expect(checked).toEqual([
      { name: "acme-mail.com", available: true, priceCents: 899, renewalCents: 1429, currency: "usd", reason: null },
      { name: "acme.com", available: false, priceCents: null, renewalCents: null, currency: "usd", reason: "Someone already registered it" },
      { name: "acme.io", available: true, priceCents: 1099, renewalCents: 1299, currency: "usd", reason: null },
    ]);
    const [request] = namecom.http.requests;
    expect(request!.path).toBe("/core/v1/domains:checkAvailability");
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from("herald-test:nc-token").toString("base64")}`);
    expect(JSON.parse(request!.body.toString("utf8"))).toEqual({ domainNames: ["acme-mail.com", "acme.com", "acme.io"] });
  });

  it("suggests purchasable names for a word, the word itself and .com first", async () => {
    namecom.taken.add("acme.io");
    expect(await registrar().suggestDomains("Acme")).toEqual(["acme.com", "acme.net", "getacme.com"]);
    expect(JSON.parse(namecom.http.requests[0]!.body.toString("utf8"))).toMatchObject({ keyword: "acme" });
  });
});

describe("registration", () => {
  it("registers for the years asked and finds the registration afterwards", async () => {
    const registration = await registrar().registerDomain({ name: "acme-mail.com", years: 2, reference: "order-1:acme-mail.com" });
    expect(registration).toEqual({ name: "acme-mail.com", registrationId: "acme-mail.com", status: "active", expiresAt: new Date("2028-02-29T00:00:00Z") });
    const create = namecom.http.requests.find((request) => request.method === "POST" && request.path === "/core/v1/domains")!;
    expect(JSON.parse(create.body.toString("utf8"))).toEqual({ domain: { domainName: "acme-mail.com" }, years: 2 });
    expect(create.headers["x-idempotency-key"]).toBe("order-1:acme-mail.com");
    expect(await registrar().findRegistration("acme-mail.com")).toEqual(registration);
    expect(await registrar().findRegistration("other.com")).toBeNull();
  });

  it("confirms a premium name's price, as Name.com requires", async () => {
    namecom.prices.set("acme.ai", { purchasePrice: 450.5, renewalPrice: 90, premium: true });
    await registrar().registerDomain({ name: "acme.ai", years: 2, reference: "r" });
    const create = namecom.http.requests.find((request) => request.path === "/core/v1/domains")!;
    // The price of all the years, and the purchase type, as CreateDomain's premium examples show.
    expect(JSON.parse(create.body.toString("utf8"))).toMatchObject({ purchasePrice: 901, purchaseType: "registration", years: 2 });
    expect(namecom.domains.has("acme.ai")).toBe(true);
  });

  it("is refused as taken when someone else holds the name, without trying to buy it", async () => {
    namecom.taken.add("acme.com");
    const error = await provisioningFailure(registrar().registerDomain({ name: "acme.com", years: 1, reference: "r" }));
    expect(error).toMatchObject({ kind: "refused", reason: "taken", message: "Someone already registered acme.com" });
    expect(namecom.http.requests.some((request) => request.path === "/core/v1/domains")).toBe(false);
  });

  it("maps Name.com's 'Domain is not available' on create (taken in between) to refused, taken", async () => {
    namecom.goneAtRegistration.add("gone.com");
    const error = await provisioningFailure(registrar().registerDomain({ name: "gone.com", years: 1, reference: "r" }));
    expect(error).toMatchObject({ kind: "refused", reason: "taken", message: "Someone already registered gone.com" });
  });

  it("reports a lost answer as a timeout, and a repeated call finds what was registered instead of buying twice", async () => {
    namecom.createDelayMs = 400;
    const error = await provisioningFailure(registrar({ timeoutMs: 150 }).registerDomain({ name: "acme-mail.com", years: 1, reference: "r" }));
    expect(error.kind).toBe("timeout");
    expect(error.message).toMatch(/registering acme-mail.com; it may have happened/);
    expect(namecom.domains.has("acme-mail.com")).toBe(true);
    namecom.createDelayMs = 0;
    const again = await registrar().registerDomain({ name: "acme-mail.com", years: 1, reference: "r" });
    expect(again).toMatchObject({ name: "acme-mail.com", status: "active" });
    expect(namecom.http.requests.filter((request) => request.path === "/core/v1/domains")).toHaveLength(1);
  });
});

describe("failures", () => {
  it("treats a 5xx, a 429 and a refused connection as transient", async () => {
    namecom.outage = { status: 503, message: "Service Unavailable" };
    expect(await provisioningFailure(registrar().checkDomains(["acme.com"]))).toMatchObject({ kind: "transient" });
    namecom.outage = { status: 429, message: "Too Many Requests" };
    expect(await provisioningFailure(registrar().registerDomain({ name: "acme.com", years: 1, reference: "r" }))).toMatchObject({ kind: "transient" });
    namecom.outage = null;
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createNamecomRegistrar({ baseUrl: `http://127.0.0.1:${port}`, ...CREDENTIALS });
    expect(await provisioningFailure(unreachable.registerDomain({ name: "acme.com", years: 1, reference: "r" }))).toMatchObject({ kind: "transient" });
  });

  it("treats a connection dropped after a create was sent as a timeout, and after a read as transient", async () => {
    const dropping = createServer((request) => request.on("data", () => undefined).on("end", () => request.socket.destroy()));
    await new Promise<void>((resolve) => dropping.listen(0, "127.0.0.1", resolve));
    const { port } = dropping.address() as AddressInfo;
    try {
      // checkAvailability answers first (from the fake), so the create is what meets the dropped connection.
      const viaProxy: typeof fetch = (input, init) => {
        const url = String(input);
        return fetch(url.includes("/core/v1/domains:checkAvailability") ? url.replace(`127.0.0.1:${port}`, new URL(namecom.url).host) : url, init);
      };
      const dropped = createNamecomRegistrar({ baseUrl: `http://127.0.0.1:${port}`, ...CREDENTIALS, fetch: viaProxy });
      expect(await provisioningFailure(dropped.registerDomain({ name: "acme.com", years: 1, reference: "r" }))).toMatchObject({ kind: "timeout" });
      expect(await provisioningFailure(dropped.findRegistration("acme.com"))).toMatchObject({ kind: "transient" });
    } finally {
      await new Promise<void>((resolve) => dropping.close(() => resolve()));
    }
  });

  it("refuses with plain words when the credentials are wrong", async () => {
    const error = await provisioningFailure(registrar({ token: "wrong" }).checkDomains(["acme.com"]));
    expect(error).toMatchObject({ kind: "refused", reason: "unauthorized" });
    expect(error.message).toMatch(/did not accept Herald's username and token.*HTTP 401 \(Unauthorized\)/);
  });
});

describe("DNS, redirect and renewal", () => {
  const MAIL_RECORDS: TDnsRecord[] = [
    { type: "MX", host: "@", value: "acme-mail-com.mail.protection.outlook.com", priority: 0 },
    { type: "TXT", host: "@", value: "v=spf1 include:spf.protection.outlook.com -all", priority: null },
    { type: "TXT", host: "_dmarc", value: "v=DMARC1; p=none; rua=mailto:postmaster@acme-mail.com", priority: null },
    { type: "CNAME", host: "selector1._domainkey", value: "selector1-acme-mail-com._domainkey.herald.onmicrosoft.com", priority: null },
  ];

  it("converges the zone on Herald's records, leaving the owner's alone, and keeps the redirect", async () => {
    await registrar().registerDomain({ name: "acme-mail.com", years: 1, reference: "r" });
    namecom.records.set("acme-mail.com", [
      { id: 1, domainName: "acme-mail.com", host: "", fqdn: "acme-mail.com.", type: "A", answer: "192.0.2.10", ttl: 300 },
      { id: 2, domainName: "acme-mail.com", host: "", fqdn: "acme-mail.com.", type: "MX", answer: "mx.old-host.example", ttl: 300, priority: 10 },
      { id: 3, domainName: "acme-mail.com", host: "", fqdn: "acme-mail.com.", type: "TXT", answer: "v=spf1 include:old.example ~all", ttl: 300 },
      { id: 4, domainName: "acme-mail.com", host: "", fqdn: "acme-mail.com.", type: "TXT", answer: "owner-verification=abc", ttl: 300 },
    ]);
    await registrar().publishDns({ name: "acme-mail.com", records: MAIL_RECORDS, redirectUrl: "https://acme.com" });
    const zone = () => namecom.records.get("acme-mail.com")!.map((record) => `${record.type} ${record.host || "@"} ${record.answer}${record.priority !== undefined ? ` ${record.priority}` : ""}`).sort();
    expect(zone()).toEqual([
      "A @ 192.0.2.10",
      "CNAME selector1._domainkey selector1-acme-mail-com._domainkey.herald.onmicrosoft.com",
      "MX @ acme-mail-com.mail.protection.outlook.com 0",
      "TXT @ owner-verification=abc",
      "TXT @ v=spf1 include:spf.protection.outlook.com -all",
      "TXT _dmarc v=DMARC1; p=none; rua=mailto:postmaster@acme-mail.com",
    ]);
    // Listed with the whole host name; created with the subdomain part only ("" for the apex).
    expect(namecom.forwarding.get("acme-mail.com")).toEqual([{ domainName: "acme-mail.com", host: "acme-mail.com", forwardsTo: "https://acme.com", type: "redirect" }]);
    const forward = namecom.http.requests.find((request) => request.method === "POST" && request.path.endsWith("/url/forwarding"))!;
    expect(JSON.parse(forward.body.toString("utf8"))).toEqual({ host: "", forwardsTo: "https://acme.com", type: "redirect" });

    namecom.http.requests.length = 0;
    await registrar().publishDns({ name: "acme-mail.com", records: MAIL_RECORDS, redirectUrl: "https://acme.com" });
    expect(namecom.http.requests.filter((request) => request.method !== "GET")).toEqual([]);

    await registrar().publishDns({ name: "acme-mail.com", records: MAIL_RECORDS.slice(0, 2), redirectUrl: null });
    expect(zone()).toEqual(["A @ 192.0.2.10", "MX @ acme-mail-com.mail.protection.outlook.com 0", "TXT @ owner-verification=abc", "TXT @ v=spf1 include:spf.protection.outlook.com -all"]);
    expect(namecom.forwarding.get("acme-mail.com")).toEqual([]);
  });

  it("renews with the Core API's :renew, which has no idempotency: each call renews (Herald renews once on its side)", async () => {
    await registrar().registerDomain({ name: "acme-mail.com", years: 1, reference: "r" });
    const renewed = await registrar().renewDomain({ name: "acme-mail.com", years: 1, reference: "renew:2027" });
    expect(renewed.expiresAt.toISOString()).toBe("2028-02-29T00:00:00.000Z");
    const renew = namecom.http.requests.find((request) => request.path === "/core/v1/domains/acme-mail.com:renew")!;
    // The renewal price Name.com quotes for the domain is confirmed (required for premium names).
    expect(JSON.parse(renew.body.toString("utf8"))).toEqual({ years: 1, purchasePrice: 12.99 });
    expect(renew.headers["x-idempotency-key"]).toBeUndefined();
    expect((await registrar().renewDomain({ name: "acme-mail.com", years: 1, reference: "renew:2027" })).expiresAt.toISOString()).toBe("2029-02-28T00:00:00.000Z");
    expect(namecom.renewals).toHaveLength(2);
    expect(await provisioningFailure(registrar().renewDomain({ name: "other.com", years: 1, reference: "r" }))).toMatchObject({ kind: "refused" });
  });

  it("reads Name.com's 403 for an expired domain as a refusal about the domain, not about the credentials", async () => {
    await registrar().registerDomain({ name: "acme-mail.com", years: 1, reference: "r" });
    namecom.domains.get("acme-mail.com")!.expireDate = "2026-02-01T00:00:00.000Z";
    const error = await provisioningFailure(registrar().setAutoRenew("acme-mail.com", false));
    expect(error).toMatchObject({ kind: "refused", reason: "invalid" });
    expect(error.message).toMatch(/HTTP 403 \(Permission denied: The domain has expired\)/);
  });

  it("renews a premium name, whose renewal Name.com refuses without its price", async () => {
    namecom.prices.set("acme.ai", { purchasePrice: 450.5, renewalPrice: 90, premium: true });
    await registrar().registerDomain({ name: "acme.ai", years: 1, reference: "r" });
    expect((await registrar().renewDomain({ name: "acme.ai", years: 1, reference: "renew" })).expiresAt.toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(namecom.renewals).toEqual([{ domainName: "acme.ai", years: 1 }]);
  });

  it("turns the registrar's auto-renewal off and on with PATCH /core/v1/domains/{name}, not the deprecated calls", async () => {
    await registrar().registerDomain({ name: "acme-mail.com", years: 1, reference: "r" });
    await registrar().setAutoRenew("acme-mail.com", false);
    const patch = namecom.http.requests.find((request) => request.method === "PATCH")!;
    expect(patch.path).toBe("/core/v1/domains/acme-mail.com");
    expect(JSON.parse(patch.body.toString("utf8"))).toEqual({ autorenewEnabled: false });
    expect(namecom.domains.get("acme-mail.com")!.autorenewEnabled).toBe(false);
    await registrar().setAutoRenew("acme-mail.com", true);
    expect(namecom.domains.get("acme-mail.com")!.autorenewEnabled).toBe(true);
  });
});
