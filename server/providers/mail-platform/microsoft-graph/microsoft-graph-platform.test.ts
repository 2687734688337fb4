// The Microsoft 365 platform against a local stand-in for the token endpoint and Microsoft Graph v1.0
// in their documented shapes (domains, verification and service records, users, licenses), keeping
// the tenant's state, so adding a domain, verifying it, creating licensed users and access are real.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock, setClock, systemClock } from "../../../lib/clock";
import { HERALD_APP_PERMISSIONS, startGraphFake, type GraphFake } from "../../../test/fakes/graph-fake";
import { createMicrosoftGraphPlatform, strongPassword } from "./microsoft-graph-platform";
import { provisioningFailure } from "../../../test/provisioning-failure";

const APP = { tenantId: "7d3b2c1a-tenant", clientId: "herald-app", clientSecret: "s3cret" };
let graph: GraphFake;
let clock: ManualClock;

beforeAll(async () => {
  graph = await startGraphFake(APP);
});
afterAll(() => graph.close());
beforeEach(() => {
  clock = new ManualClock();
  setClock(clock);
  for (const id of graph.domains.keys()) if (id !== "herald.onmicrosoft.com") graph.domains.delete(id);
  graph.users.clear();
  graph.dnsVisible.clear();
  for (const sku of graph.skus) sku.consumedUnits = 0;
  graph.createDelayMs = 0;
  graph.tokensIssued = 0;
  graph.outage = null;
  graph.appPermissions = new Set(HERALD_APP_PERMISSIONS);
  graph.directoryRoles = new Set();
  graph.serviceDkim = false;
  graph.mailboxPending.clear();
  graph.http.requests.length = 0;
});
afterEach(() => setClock(systemClock));

const platform = (options: { timeoutMs?: number; clientSecret?: string } = {}) =>
  createMicrosoftGraphPlatform({ ...APP, clientSecret: options.clientSecret ?? APP.clientSecret, graphUrl: graph.url, tokenUrl: graph.tokenUrl, timeoutMs: options.timeoutMs });

async function readyDomain(name: string) {
  const microsoft = platform();
  await microsoft.ensureTenant({ domain: name, platform: "microsoft", reference: "r" });
  graph.dnsVisible.add(name);
  await microsoft.getTenant({ domain: name, tenantId: APP.tenantId });
  return microsoft;
}

describe("the domain in Herald's tenant", () => {
  it("adds the domain and asks for its verification TXT record; mail records follow verification, with no DKIM names made up", async () => {
    const microsoft = platform();
    const tenant = await microsoft.ensureTenant({ domain: "Acme-Mail.com", platform: "microsoft", reference: "order-1" });
    expect(tenant).toEqual({
      tenantId: APP.tenantId,
      ready: false,
      dnsRecords: [
        { type: "TXT", host: "@", value: "MS=ms61636d65", priority: null },
      ],
    });
    expect(graph.domains.get("acme-mail.com")).toMatchObject({ isVerified: false });

    expect((await microsoft.getTenant({ domain: "acme-mail.com", tenantId: APP.tenantId })).ready).toBe(false);
    graph.dnsVisible.add("acme-mail.com");
    const ready = await microsoft.getTenant({ domain: "acme-mail.com", tenantId: APP.tenantId });
    expect(ready.ready).toBe(true);
    expect(ready.dnsRecords).toEqual(
      expect.arrayContaining([
        { type: "MX", host: "@", value: "acme-mail-com.mail.protection.outlook.com", priority: 0 },
        { type: "TXT", host: "@", value: "v=spf1 include:spf.protection.outlook.com -all", priority: null },
        { type: "CNAME", host: "autodiscover", value: "autodiscover.outlook.com", priority: null },
      ]),
    );
    expect(ready.dnsRecords.some((record) => record.value.includes("sipfed"))).toBe(false);
    // Graph gave no DKIM selectors, so none are computed (the old onmicrosoft.com guess is wrong for new tenants).
    expect(ready.dnsRecords.some((record) => record.host.endsWith("_domainkey"))).toBe(false);
    expect(graph.domains.get("acme-mail.com")!.supportedServices).toEqual(["Email"]);
  });

  it("publishes the DKIM selectors Microsoft gives for the domain, in the new dkim.mail.microsoft format", async () => {
    graph.serviceDkim = true;
    const microsoft = await readyDomain("acme-mail.com");
    const tenant = await microsoft.getTenant({ domain: "acme-mail.com", tenantId: APP.tenantId });
    expect(tenant.dnsRecords.filter((record) => record.host.endsWith("_domainkey"))).toEqual([
      { type: "CNAME", host: "selector1._domainkey", value: "selector1-acme-mail-com._domainkey.herald.n-v1.dkim.mail.microsoft", priority: null },
      { type: "CNAME", host: "selector2._domainkey", value: "selector2-acme-mail-com._domainkey.herald.n-v2.dkim.mail.microsoft", priority: null },
    ]);
  });

  it("finds the domain on a repeated call instead of adding it again", async () => {
    await platform().ensureTenant({ domain: "acme-mail.com", platform: "microsoft", reference: "r" });
    await platform().ensureTenant({ domain: "acme-mail.com", platform: "microsoft", reference: "r" });
    expect(graph.http.requests.filter((request) => request.method === "POST" && request.path === "/v1.0/domains")).toHaveLength(1);
  });

  it("refuses Google Workspace domains", async () => {
    expect(await provisioningFailure(platform().ensureTenant({ domain: "acme.com", platform: "google", reference: "r" }))).toMatchObject({ kind: "refused", reason: "platform" });
  });

  it("signs in once and again only when the token is about to expire, on Herald's clock", async () => {
    const microsoft = platform();
    await microsoft.ensureTenant({ domain: "acme-mail.com", platform: "microsoft", reference: "r" });
    await microsoft.getTenant({ domain: "acme-mail.com", tenantId: APP.tenantId });
    expect(graph.tokensIssued).toBe(1);
    const tokenRequest = graph.http.requests.find((request) => request.path.endsWith("/oauth2/v2.0/token"))!;
    expect(Object.fromEntries(new URLSearchParams(tokenRequest.body.toString("utf8")))).toEqual({
      client_id: "herald-app",
      client_secret: "s3cret",
      scope: "https://graph.microsoft.com/.default",
      grant_type: "client_credentials",
    });
    clock.advance(56 * 60 * 1000);
    await microsoft.getTenant({ domain: "acme-mail.com", tenantId: APP.tenantId });
    expect(graph.tokensIssued).toBe(2);
  });
});

describe("users, licenses and access", () => {
  it("creates a licensed user once; a repeated call finds it", async () => {
    const microsoft = await readyDomain("acme-mail.com");
    const first = await microsoft.ensureUser({ tenantId: APP.tenantId, domain: "acme-mail.com", email: "ada@acme-mail.com", firstName: "Ada", lastName: "Lovelace", isAdmin: true });
    const again = await microsoft.ensureUser({ tenantId: APP.tenantId, domain: "acme-mail.com", email: "ada@acme-mail.com", firstName: "Ada", lastName: "Lovelace", isAdmin: true });
    expect(again).toEqual(first);
    expect(graph.users.size).toBe(1);
    const user = graph.users.get(first.userId)!;
    expect(user).toMatchObject({ userPrincipalName: "ada@acme-mail.com", displayName: "Ada Lovelace", mailNickname: "ada", accountEnabled: true, usageLocation: "US" });
    // The Exchange plan is preferred over the first SKU with room (Visio has no mailbox).
    expect(user.assignedLicenses).toEqual([{ skuId: "4b9405b0-7788-4568-add1-99614e613b69", disabledPlans: [] }]);
    expect(graph.http.requests.filter((request) => request.path.endsWith("/assignLicense"))).toHaveLength(1);
  });

  it("says plainly when no mailbox license is free", async () => {
    const microsoft = await readyDomain("acme-mail.com");
    graph.skus[1]!.consumedUnits = 10;
    graph.skus[0]!.consumedUnits = 5;
    const error = await provisioningFailure(microsoft.ensureUser({ tenantId: APP.tenantId, domain: "acme-mail.com", email: "bob@acme-mail.com", firstName: "Bob", lastName: "Smith", isAdmin: false }));
    expect(error).toMatchObject({ kind: "refused", reason: "no-license", message: "Herald's Microsoft 365 subscription has no free mailbox license for bob@acme-mail.com" });
  });

  it("turns Graph's refusal of a user on an unverified domain into plain words", async () => {
    await platform().ensureTenant({ domain: "acme-mail.com", platform: "microsoft", reference: "r" });
    const error = await provisioningFailure(platform().ensureUser({ tenantId: APP.tenantId, domain: "acme-mail.com", email: "ada@acme-mail.com", firstName: "Ada", lastName: "L", isAdmin: true }));
    expect(error.kind).toBe("refused");
    expect(error.message).toBe(
      "Microsoft 365 answered HTTP 400 (The domain portion of the userPrincipalName property is invalid. You must use one of the verified domain names in your organization.) while creating ada@acme-mail.com",
    );
  });

  it("grants access as the user's object id for Graph's mail API: no password is set or kept", async () => {
    const microsoft = await readyDomain("acme-mail.com");
    const { userId } = await microsoft.ensureUser({ tenantId: APP.tenantId, domain: "acme-mail.com", email: "ada@acme-mail.com", firstName: "Ada", lastName: "L", isAdmin: true });
    const created = graph.users.get(userId)!.password;
    expect(await microsoft.grantAccess({ tenantId: APP.tenantId, userId, email: "ada@acme-mail.com" })).toEqual({ kind: "graph", userId });
    // Graph requires a password to create a user; Herald never resets it, so needs no directory role.
    expect(graph.users.get(userId)!.password).toBe(created);
    expect(graph.http.requests.some((request) => request.method === "PATCH" && request.path.startsWith("/v1.0/users/"))).toBe(false);
    const passwords = new Set(Array.from({ length: 50 }, () => strongPassword()));
    expect(passwords.size).toBe(50);
    for (const password of passwords) expect(password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^a-zA-Z\d]).{24}$/);
  });

  it("waits for Exchange to create the mailbox after the license: until its inbox answers, there is no access yet", async () => {
    const microsoft = await readyDomain("acme-mail.com");
    const { userId } = await microsoft.ensureUser({ tenantId: APP.tenantId, domain: "acme-mail.com", email: "ada@acme-mail.com", firstName: "Ada", lastName: "L", isAdmin: true });
    graph.mailboxPending.add(userId);
    expect(await microsoft.grantAccess({ tenantId: APP.tenantId, userId, email: "ada@acme-mail.com" })).toBeNull();
    graph.mailboxPending.delete(userId);
    expect(await microsoft.grantAccess({ tenantId: APP.tenantId, userId, email: "ada@acme-mail.com" })).toEqual({ kind: "graph", userId });
  });

  it("removes a user, and removing one already gone is fine", async () => {
    const microsoft = await readyDomain("acme-mail.com");
    const { userId } = await microsoft.ensureUser({ tenantId: APP.tenantId, domain: "acme-mail.com", email: "ada@acme-mail.com", firstName: "Ada", lastName: "L", isAdmin: true });
    await microsoft.removeUser({ tenantId: APP.tenantId, userId, email: "ada@acme-mail.com" });
    expect(graph.users.size).toBe(0);
    await microsoft.removeUser({ tenantId: APP.tenantId, userId, email: "ada@acme-mail.com" });
  });
});

describe("the app's permissions", () => {
  it("are checked once, from the token's roles, with no directory role asked for", async () => {
    graph.directoryRoles.clear();
    const microsoft = platform();
    await microsoft.ensureTenant({ domain: "acme-mail.com", platform: "microsoft", reference: "r" });
    await microsoft.getTenant({ domain: "acme-mail.com", tenantId: APP.tenantId });
    expect(graph.tokensIssued).toBe(1);
    expect(graph.http.requests.some((request) => request.path.endsWith("/memberOf"))).toBe(false);
  });

  it("a missing application permission is named before the tenant is touched", async () => {
    graph.appPermissions.delete("User.ReadWrite.All");
    const error = await provisioningFailure(platform().ensureTenant({ domain: "acme-mail.com", platform: "microsoft", reference: "r" }));
    expect(error).toMatchObject({ kind: "refused", reason: "forbidden" });
    expect(error.message).toBe(
      "Herald's app registration in Microsoft 365 lacks the Microsoft Graph application permission User.ReadWrite.All (to create, update and delete users): grant it with admin consent in Microsoft Entra admin center",
    );
    expect(graph.domains.has("acme-mail.com")).toBe(false);
  });

  it("the mail permissions are asked for with the others, all missing ones named at once", async () => {
    graph.appPermissions.delete("Mail.Send");
    graph.appPermissions.delete("Mail.ReadWrite");
    const error = await provisioningFailure(platform().ensureTenant({ domain: "acme-mail.com", platform: "microsoft", reference: "r" }));
    expect(error.message).toBe(
      "Herald's app registration in Microsoft 365 lacks the Microsoft Graph application permissions Mail.Send (to send as the managed mailboxes), Mail.ReadWrite (to read their replies and bounces, and open and rescue warmup mail): grant them with admin consent in Microsoft Entra admin center",
    );
  });

  it("are checked again after a refusal, so granting the permission later is enough", async () => {
    graph.appPermissions.delete("Mail.Send");
    const microsoft = platform();
    await provisioningFailure(microsoft.ensureTenant({ domain: "acme-mail.com", platform: "microsoft", reference: "r" }));
    graph.appPermissions.add("Mail.Send");
    // A token is cached for its lifetime: the new grant shows in the next one.
    clock.advance(60 * 60 * 1000);
    expect((await microsoft.ensureTenant({ domain: "acme-mail.com", platform: "microsoft", reference: "r" })).ready).toBe(false);
  });
});

describe("the Graph stand-in refuses what Graph refuses", () => {
  async function token(): Promise<string> {
    const answer = await fetch(graph.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: APP.clientId, client_secret: APP.clientSecret, scope: "https://graph.microsoft.com/.default", grant_type: "client_credentials" }),
    });
    return ((await answer.json()) as { access_token: string }).access_token;
  }

  it("an app-only password reset without a directory role: 403 Authorization_RequestDenied", async () => {
    const microsoft = await readyDomain("acme-mail.com");
    const { userId } = await microsoft.ensureUser({ tenantId: APP.tenantId, domain: "acme-mail.com", email: "ada@acme-mail.com", firstName: "Ada", lastName: "L", isAdmin: true });
    const before = graph.users.get(userId)!.password;
    graph.directoryRoles.clear();
    const answer = await fetch(`${graph.url}/v1.0/users/${userId}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${await token()}`, "content-type": "application/json" },
      body: JSON.stringify({ passwordProfile: { forceChangePasswordNextSignIn: false, password: strongPassword() } }),
    });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ error: { code: "Authorization_RequestDenied", message: "Insufficient privileges to complete the operation." } });
    expect(graph.users.get(userId)!.password).toBe(before);
  });

  it("the token carries the granted application permissions and the service principal", async () => {
    const claims = JSON.parse(Buffer.from((await token()).split(".")[1]!, "base64url").toString("utf8")) as { roles: string[]; oid: string };
    expect(claims.roles).toContain("Mail.Send");
    expect(claims.roles).toEqual(HERALD_APP_PERMISSIONS);
    expect(claims.oid).toBe(graph.servicePrincipalId);
  });
});

describe("failures", () => {
  it("reports a create whose answer was lost as a timeout, and the next call finds what was created", async () => {
    const microsoft = await readyDomain("acme-mail.com");
    graph.createDelayMs = 300;
    const slow = platform({ timeoutMs: 100 });
    const error = await provisioningFailure(slow.ensureUser({ tenantId: APP.tenantId, domain: "acme-mail.com", email: "ada@acme-mail.com", firstName: "Ada", lastName: "L", isAdmin: true }));
    expect(error.kind).toBe("timeout");
    expect(error.message).toMatch(/creating ada@acme-mail.com; it may have happened/);
    await new Promise((resolve) => setTimeout(resolve, 350));
    graph.createDelayMs = 0;
    await microsoft.ensureUser({ tenantId: APP.tenantId, domain: "acme-mail.com", email: "ada@acme-mail.com", firstName: "Ada", lastName: "L", isAdmin: true });
    expect(graph.users.size).toBe(1);
  });

  it("treats throttling and outages as transient, and wrong credentials or missing permissions as refused", async () => {
    graph.outage = { status: 429, code: "TooManyRequests", message: "Too many requests" };
    expect(await provisioningFailure(platform().ensureTenant({ domain: "acme-mail.com", platform: "microsoft", reference: "r" }))).toMatchObject({ kind: "transient" });
    graph.outage = { status: 503, code: "serviceNotAvailable", message: "Service unavailable" };
    expect(await provisioningFailure(platform().ensureTenant({ domain: "acme-mail.com", platform: "microsoft", reference: "r" }))).toMatchObject({ kind: "transient" });
    graph.outage = { status: 403, code: "Authorization_RequestDenied", message: "Insufficient privileges to complete the operation." };
    const forbidden = await provisioningFailure(platform().ensureTenant({ domain: "acme-mail.com", platform: "microsoft", reference: "r" }));
    expect(forbidden).toMatchObject({ kind: "refused", reason: "forbidden" });
    expect(forbidden.message).toMatch(/lacks a Microsoft Graph permission.*Insufficient privileges/);
    graph.outage = null;
    const wrong = await provisioningFailure(platform({ clientSecret: "nope" }).ensureTenant({ domain: "acme-mail.com", platform: "microsoft", reference: "r" }));
    expect(wrong).toMatchObject({ kind: "refused", reason: "unauthorized" });
    expect(wrong.message).toMatch(/did not accept Herald's app credentials.*Invalid client secret provided/);
  });
});
