// The sandbox registrar as the order pipeline sees it: prices and availability, one registration per
// name however often or concurrently it is asked, each marker's fault, activation on Herald's clock,
// DNS only once active, renewals once per reference.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../../db/client";
import { ManualClock, setClock, systemClock } from "../../../lib/clock";
import type { TDnsRecord } from "../../../schemas/mailbox-order";
import { createSandboxRegistrar } from "./sandbox-registrar";
import { provisioningFailure } from "../../../test/provisioning-failure";

const registrar = createSandboxRegistrar();
const SECOND = 1000;
const HOUR = 3600 * SECOND;
let clock: ManualClock;

beforeEach(() => {
  clock = new ManualClock("2026-03-02T09:00:00Z");
  setClock(clock);
});
afterEach(() => setClock(systemClock));

const registration = (name: string) => db.sandboxDomainRegistration.findUnique({ where: { name } });

describe("the sandbox registrar", () => {
  it("prices each name by its ending in the installation's currency, and says why a name is not available", async () => {
    await registrar.registerDomain({ name: "ours-already.com", years: 1, reference: "r1" });
    const answers = await registrar.checkDomains(["Acme.com", "acme.net", "acme.io", "acme.co", "acme.dev", "takenacme.com", "google.com", "ours-already.com", "goneacme.com", "not a domain"]);
    expect(answers.map((answer) => [answer.name, answer.available, answer.priceCents, answer.renewalCents])).toEqual([
      ["acme.com", true, 1299, 1499],
      ["acme.net", true, 1399, 1599],
      ["acme.io", true, 3999, 4999],
      ["acme.co", true, 2999, 3299],
      ["acme.dev", true, 1599, 1799],
      ["takenacme.com", false, null, null],
      ["google.com", false, null, null],
      ["ours-already.com", false, null, null],
      ["goneacme.com", true, 1299, 1499],
      ["not a domain", false, null, null],
    ]);
    expect(answers.every((answer) => answer.currency === "usd")).toBe(true);
    expect(answers.find((answer) => answer.name === "takenacme.com")?.reason).toBe("Someone already registered it");
    expect(answers.find((answer) => answer.name === "ours-already.com")?.reason).toBe("Already registered");
    expect((await provisioningFailure(registrar.checkDomains(Array.from({ length: 51 }, (_, index) => `n${index}.com`)))).reason).toBe("invalid");
  });

  it("registers pending, active a seeded 5–30 s later on Herald's clock, the same delay and id on every run", async () => {
    const first = await registrar.registerDomain({ name: "northwind-mail.com", years: 2, reference: "order-1" });
    expect(first).toMatchObject({ name: "northwind-mail.com", status: "pending", expiresAt: new Date("2028-03-02T09:00:00Z") });
    const row = await registration("northwind-mail.com");
    const delay = row!.activeAt.getTime() - row!.registeredAt.getTime();
    expect(delay).toBeGreaterThanOrEqual(5 * SECOND);
    expect(delay).toBeLessThanOrEqual(30 * SECOND);

    clock.set(row!.activeAt.getTime() - 1);
    expect((await registrar.findRegistration("northwind-mail.com"))?.status).toBe("pending");
    clock.set(row!.activeAt);
    expect(await registrar.findRegistration("Northwind-Mail.com")).toEqual({ ...first, status: "active" });
    expect(await registrar.findRegistration("never-registered.com")).toBeNull();

    // Another run, another day: the same name settles after the same delay under the same id.
    await db.sandboxDomainRegistration.delete({ where: { name: "northwind-mail.com" } });
    clock.advance(24 * HOUR);
    const again = await registrar.registerDomain({ name: "northwind-mail.com", years: 2, reference: "order-2" });
    const rerun = await registration("northwind-mail.com");
    expect(again.registrationId).toBe(first.registrationId);
    expect(rerun!.activeAt.getTime() - rerun!.registeredAt.getTime()).toBe(delay);
    const other = await registrar.registerDomain({ name: "contoso-mail.com", years: 1, reference: "order-3" });
    expect(other.registrationId).not.toBe(first.registrationId);
  });

  it("never registers a name twice: a repeat is refused as taken and counted", async () => {
    await registrar.registerDomain({ name: "fabrikam-mail.com", years: 1, reference: "order-1" });
    const error = await provisioningFailure(registrar.registerDomain({ name: "fabrikam-mail.com", years: 1, reference: "order-1" }));
    expect(error).toMatchObject({ kind: "refused", reason: "taken" });
    expect((await registration("fabrikam-mail.com"))?.registerCalls).toBe(2);
  });

  it("lets exactly one of several concurrent registrations of a name win", async () => {
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => registrar.registerDomain({ name: "race-mail.com", years: 1, reference: "order-1" })));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.filter((result) => result.status === "rejected");
    expect(refused).toHaveLength(4);
    for (const result of refused) expect(result.reason).toMatchObject({ kind: "refused", reason: "taken" });
    expect((await registration("race-mail.com"))?.registerCalls).toBe(5);
  });

  it("refuses `taken` and reserved names, and `gone` at registration although a search found it available", async () => {
    for (const name of ["takenacme.com", "example.com", "goneacme.com"]) {
      expect(await provisioningFailure(registrar.registerDomain({ name, years: 1, reference: "order-1" }))).toMatchObject({ kind: "refused", reason: "taken" });
      expect(await registration(name)).toBeNull();
    }
    expect(await provisioningFailure(registrar.registerDomain({ name: "bad name", years: 1, reference: "order-1" }))).toMatchObject({ kind: "refused", reason: "invalid" });
    expect(await provisioningFailure(registrar.registerDomain({ name: "fine-name.com", years: 0, reference: "order-1" }))).toMatchObject({ kind: "refused", reason: "invalid" });
  });

  it("`timeout`: the first call registers and loses its answer; asking finds the registration, a second call is refused and counted", async () => {
    expect(await provisioningFailure(registrar.registerDomain({ name: "timeout-acme.com", years: 1, reference: "order-1" }))).toMatchObject({ kind: "timeout" });
    const found = await registrar.findRegistration("timeout-acme.com");
    expect(found).toMatchObject({ name: "timeout-acme.com", status: "pending" });
    expect(await provisioningFailure(registrar.registerDomain({ name: "timeout-acme.com", years: 1, reference: "order-1" }))).toMatchObject({ kind: "refused", reason: "taken" });
    expect((await registration("timeout-acme.com"))?.registerCalls).toBe(2);
  });

  it("`slow`: active only 3 h after the call (and `slowplatform` does not make a registration slow)", async () => {
    await registrar.registerDomain({ name: "slowacme.com", years: 1, reference: "order-1" });
    await registrar.registerDomain({ name: "slowplatform-acme.com", years: 1, reference: "order-1" });
    clock.advance(3 * HOUR - SECOND);
    expect((await registrar.findRegistration("slowacme.com"))?.status).toBe("pending");
    expect((await registrar.findRegistration("slowplatform-acme.com"))?.status).toBe("active");
    clock.advance(SECOND);
    expect((await registrar.findRegistration("slowacme.com"))?.status).toBe("active");
  });

  it("publishes DNS only once the registration is active, replacing what it held", async () => {
    const records: TDnsRecord[] = [
      { type: "MX", host: "@", value: "smtp.google.com", priority: 1 },
      { type: "TXT", host: "_dmarc", value: "v=DMARC1; p=none; rua=mailto:postmaster@dns-acme.com", priority: null },
    ];
    await registrar.registerDomain({ name: "dns-acme.com", years: 1, reference: "order-1" });
    expect(await provisioningFailure(registrar.publishDns({ name: "dns-acme.com", records, redirectUrl: "https://acme.example" }))).toMatchObject({ kind: "transient" });
    clock.advance(30 * SECOND);
    await registrar.publishDns({ name: "dns-acme.com", records, redirectUrl: "https://acme.example" });
    await registrar.publishDns({ name: "dns-acme.com", records, redirectUrl: "https://acme.example" });
    expect(await registration("dns-acme.com")).toMatchObject({ records, redirectUrl: "https://acme.example" });
    await registrar.publishDns({ name: "dns-acme.com", records: records.slice(0, 1), redirectUrl: null });
    expect(await registration("dns-acme.com")).toMatchObject({ records: records.slice(0, 1), redirectUrl: null });
    expect(await provisioningFailure(registrar.publishDns({ name: "nobody-acme.com", records, redirectUrl: null }))).toMatchObject({ kind: "refused", reason: "not-registered" });
  });

  it("renews once per reference, and turns automatic renewal off and on", async () => {
    await registrar.registerDomain({ name: "renew-acme.com", years: 1, reference: "order-1" });
    expect(await registrar.renewDomain({ name: "renew-acme.com", years: 1, reference: "renewal-2027" })).toEqual({ expiresAt: new Date("2028-03-02T09:00:00Z") });
    expect(await registrar.renewDomain({ name: "renew-acme.com", years: 1, reference: "renewal-2027" })).toEqual({ expiresAt: new Date("2028-03-02T09:00:00Z") });
    const concurrent = await Promise.all([1, 2].map(() => registrar.renewDomain({ name: "renew-acme.com", years: 2, reference: "renewal-2028" })));
    expect(concurrent.map((result) => result.expiresAt)).toEqual([new Date("2030-03-02T09:00:00Z"), new Date("2030-03-02T09:00:00Z")]);
    expect(await registration("renew-acme.com")).toMatchObject({ renewals: 2, renewalReferences: ["renewal-2027", "renewal-2028"] });
    expect(await provisioningFailure(registrar.renewDomain({ name: "nobody-acme.com", years: 1, reference: "r" }))).toMatchObject({ kind: "refused", reason: "not-registered" });

    await registrar.setAutoRenew("renew-acme.com", false);
    expect((await registration("renew-acme.com"))?.autoRenew).toBe(false);
    await registrar.setAutoRenew("renew-acme.com", true);
    expect((await registration("renew-acme.com"))?.autoRenew).toBe(true);
    expect(await provisioningFailure(registrar.setAutoRenew("nobody-acme.com", false))).toMatchObject({ kind: "refused", reason: "not-registered" });
  });

  it("suggests names for a search word", async () => {
    expect((await registrar.suggestDomains("acme")).slice(0, 3)).toEqual(["acme.com", "acme.io", "acme.co"]);
  });
});
