// The sandbox mail platform as the order pipeline sees it: one tenant per domain and one user per
// address however often or concurrently asked, readiness moving with Herald's clock, the records
// each platform asks for (seeded by the domain), the `slowplatform` and `platformfail` markers,
// access and removal.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../../db/client";
import { ManualClock, setClock, systemClock } from "../../../lib/clock";
import { createSandboxMailPlatform } from "./sandbox-mail-platform";
import { provisioningFailure } from "../../../test/provisioning-failure";

const platform = createSandboxMailPlatform();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
let clock: ManualClock;

beforeEach(() => {
  clock = new ManualClock("2026-03-02T09:00:00Z");
  setClock(clock);
});
afterEach(() => setClock(systemClock));

const person = (email: string, isAdmin = false) => ({ email, firstName: "Ada", lastName: "Lovelace", isAdmin, domain: email.split("@")[1]! });

describe("the sandbox mail platform", () => {
  it("hosts both platforms", () => {
    expect(platform.platforms).toEqual(["google", "microsoft"]);
  });

  it("creates one tenant per domain, ready a seeded 5–30 s later, and asks for Google's records", async () => {
    const first = await platform.ensureTenant({ domain: "northwind-mail.com", platform: "google", reference: "order-1" });
    expect(first.ready).toBe(false);
    const again = await platform.ensureTenant({ domain: "Northwind-Mail.com", platform: "google", reference: "order-1" });
    expect(again).toEqual(first);
    const rows = await db.sandboxMailTenant.findMany({ where: { domain: "northwind-mail.com" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.createCalls).toBe(2);
    const delay = rows[0]!.readyAt.getTime() - rows[0]!.createdAt.getTime();
    expect(delay).toBeGreaterThanOrEqual(5 * SECOND);
    expect(delay).toBeLessThanOrEqual(30 * SECOND);

    clock.set(rows[0]!.readyAt.getTime() - 1);
    expect((await platform.getTenant({ domain: "northwind-mail.com", tenantId: first.tenantId })).ready).toBe(false);
    clock.set(rows[0]!.readyAt);
    expect(await platform.getTenant({ domain: "northwind-mail.com", tenantId: first.tenantId })).toEqual({ ...first, ready: true });

    const [mx, spf, dkim, verification] = first.dnsRecords;
    expect(mx).toEqual({ type: "MX", host: "@", value: "smtp.google.com", priority: 1 });
    expect(spf).toEqual({ type: "TXT", host: "@", value: "v=spf1 include:_spf.google.com ~all", priority: null });
    expect(dkim).toMatchObject({ type: "TXT", host: "google._domainkey", priority: null });
    expect(dkim!.value).toMatch(/^v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA[A-Za-z0-9+/]+IDAQAB$/);
    expect(dkim!.value.length).toBe("v=DKIM1; k=rsa; p=".length + 392);
    expect(verification!.value).toMatch(/^google-site-verification=[A-Za-z0-9_-]{43}$/);
    expect(first.dnsRecords).toHaveLength(4);
  });

  it("asks for Microsoft's records, the same for the same domain on every run and different for another", async () => {
    const tenant = await platform.ensureTenant({ domain: "contoso-mail.co.uk", platform: "microsoft", reference: "order-1" });
    expect(tenant.dnsRecords).toEqual([
      { type: "MX", host: "@", value: "contoso-mail-co-uk.mail.protection.outlook.com", priority: 0 },
      { type: "TXT", host: "@", value: "v=spf1 include:spf.protection.outlook.com -all", priority: null },
      { type: "CNAME", host: "selector1._domainkey", value: expect.stringMatching(/^selector1-contoso-mail-co-uk\._domainkey\.contosomail[0-9a-f]{4}\.n-v1\.dkim\.mail\.microsoft$/), priority: null },
      { type: "CNAME", host: "selector2._domainkey", value: expect.stringMatching(/^selector2-contoso-mail-co-uk\._domainkey\.contosomail[0-9a-f]{4}\.n-v2\.dkim\.mail\.microsoft$/), priority: null },
      { type: "TXT", host: "@", value: expect.stringMatching(/^MS=ms\d{8}$/), priority: null },
    ]);
    await db.sandboxMailTenant.delete({ where: { domain: "contoso-mail.co.uk" } });
    clock.advance(24 * HOUR);
    const rerun = await platform.ensureTenant({ domain: "contoso-mail.co.uk", platform: "microsoft", reference: "order-2" });
    expect(rerun.dnsRecords).toEqual(tenant.dnsRecords);
    const other = await platform.ensureTenant({ domain: "contoso-post.com", platform: "microsoft", reference: "order-3" });
    expect(other.dnsRecords[4]!.value).not.toBe(tenant.dnsRecords[4]!.value);

    const google = await platform.ensureTenant({ domain: "google-one.com", platform: "google", reference: "order-4" });
    const googleTwo = await platform.ensureTenant({ domain: "google-two.com", platform: "google", reference: "order-4" });
    expect(google.dnsRecords[2]!.value).not.toBe(googleTwo.dnsRecords[2]!.value);
  });

  it("creates a tenant once under concurrent calls, and refuses the domain on the other platform", async () => {
    const tenants = await Promise.all(Array.from({ length: 4 }, () => platform.ensureTenant({ domain: "race-mail.com", platform: "google", reference: "order-1" })));
    expect(new Set(tenants.map((tenant) => tenant.tenantId)).size).toBe(1);
    expect(await db.sandboxMailTenant.findUniqueOrThrow({ where: { domain: "race-mail.com" } })).toMatchObject({ createCalls: 4 });
    expect(await provisioningFailure(platform.ensureTenant({ domain: "race-mail.com", platform: "microsoft", reference: "order-2" }))).toMatchObject({ kind: "refused", reason: "platform-mismatch" });
    expect(await provisioningFailure(platform.getTenant({ domain: "race-mail.com", tenantId: "smt_unknown" }))).toMatchObject({ kind: "refused", reason: "not-found" });
  });

  it("`slowplatform`: the tenant is ready only 2 h after it was created", async () => {
    const tenant = await platform.ensureTenant({ domain: "slowplatform-acme.com", platform: "google", reference: "order-1" });
    clock.advance(2 * HOUR - SECOND);
    expect((await platform.getTenant({ domain: "slowplatform-acme.com", tenantId: tenant.tenantId })).ready).toBe(false);
    expect(await provisioningFailure(platform.ensureUser({ tenantId: tenant.tenantId, ...person("ada@slowplatform-acme.com") }))).toMatchObject({ kind: "transient" });
    clock.advance(SECOND);
    expect((await platform.getTenant({ domain: "slowplatform-acme.com", tenantId: tenant.tenantId })).ready).toBe(true);
  });

  it("creates one user per address once the tenant is ready, however often or concurrently asked", async () => {
    const tenant = await platform.ensureTenant({ domain: "users-acme.com", platform: "microsoft", reference: "order-1" });
    expect(await provisioningFailure(platform.ensureUser({ tenantId: tenant.tenantId, ...person("ada@users-acme.com", true) }))).toMatchObject({ kind: "transient" });
    expect(await db.sandboxMailUser.count({ where: { email: "ada@users-acme.com" } })).toBe(0);
    clock.advance(30 * SECOND);

    const users = await Promise.all(Array.from({ length: 3 }, () => platform.ensureUser({ tenantId: tenant.tenantId, ...person("Ada@users-acme.com", true) })));
    expect(new Set(users.map((user) => user.userId)).size).toBe(1);
    expect(await platform.ensureUser({ tenantId: tenant.tenantId, ...person("ada@users-acme.com", true) })).toEqual(users[0]);
    const row = await db.sandboxMailUser.findUniqueOrThrow({ where: { email: "ada@users-acme.com" } });
    expect(row).toMatchObject({ id: users[0]!.userId, tenantId: tenant.tenantId, firstName: "Ada", lastName: "Lovelace", isAdmin: true, deletedAt: null });
    expect(row.createCalls).toBeGreaterThanOrEqual(2);

    expect(await provisioningFailure(platform.ensureUser({ tenantId: tenant.tenantId, ...person("ada@elsewhere.com") }))).toMatchObject({ kind: "refused", reason: "invalid" });
    expect(await provisioningFailure(platform.ensureUser({ tenantId: "smt_unknown", ...person("bob@users-acme.com") }))).toMatchObject({ kind: "refused", reason: "not-found" });
  });

  it("`platformfail`: refuses to create users for the first hour after the tenant was created, although ready", async () => {
    const tenant = await platform.ensureTenant({ domain: "platformfail-acme.com", platform: "google", reference: "order-1" });
    clock.advance(59 * MINUTE);
    expect((await platform.getTenant({ domain: "platformfail-acme.com", tenantId: tenant.tenantId })).ready).toBe(true);
    expect(await provisioningFailure(platform.ensureUser({ tenantId: tenant.tenantId, ...person("ada@platformfail-acme.com") }))).toMatchObject({ kind: "transient" });
    clock.advance(MINUTE);
    expect(await platform.ensureUser({ tenantId: tenant.tenantId, ...person("ada@platformfail-acme.com") })).toEqual({ userId: expect.stringMatching(/^smu_/) });
  });

  it("grants sandbox access once, and removes a user for good (a repeat changes nothing)", async () => {
    const tenant = await platform.ensureTenant({ domain: "access-acme.com", platform: "google", reference: "order-1" });
    clock.advance(30 * SECOND);
    const { userId } = await platform.ensureUser({ tenantId: tenant.tenantId, ...person("ada@access-acme.com") });
    const grantedAt = clock.now();
    expect(await platform.grantAccess({ tenantId: tenant.tenantId, userId, email: "ada@access-acme.com" })).toEqual({ kind: "sandbox" });
    clock.advance(MINUTE);
    expect(await platform.grantAccess({ tenantId: tenant.tenantId, userId, email: "ada@access-acme.com" })).toEqual({ kind: "sandbox" });
    expect((await db.sandboxMailUser.findUniqueOrThrow({ where: { id: userId } })).accessGrantedAt).toEqual(grantedAt);
    expect(await provisioningFailure(platform.grantAccess({ tenantId: "smt_other", userId, email: "ada@access-acme.com" }))).toMatchObject({ kind: "refused", reason: "not-found" });

    const removedAt = clock.now();
    await platform.removeUser({ tenantId: tenant.tenantId, userId, email: "ada@access-acme.com" });
    clock.advance(MINUTE);
    await platform.removeUser({ tenantId: tenant.tenantId, userId, email: "ada@access-acme.com" });
    await platform.removeUser({ tenantId: tenant.tenantId, userId: "smu_unknown", email: "nobody@access-acme.com" });
    expect((await db.sandboxMailUser.findUniqueOrThrow({ where: { id: userId } })).deletedAt).toEqual(removedAt);
    expect(await provisioningFailure(platform.grantAccess({ tenantId: tenant.tenantId, userId, email: "ada@access-acme.com" }))).toMatchObject({ kind: "refused", reason: "not-found" });

    // The address can be created again later, with no access until granted anew.
    const again = await platform.ensureUser({ tenantId: tenant.tenantId, ...person("ada@access-acme.com") });
    expect(await db.sandboxMailUser.findUniqueOrThrow({ where: { id: again.userId } })).toMatchObject({ deletedAt: null, accessGrantedAt: null });
  });
});
