// Quoting and domain search against the shared fake registrar (a name starting with `taken` is not
// available; 10.00 the first year, 15.00 a renewal) and fake mail platform hosting `platforms`.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { ManualClock, setClock, systemClock } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { setMailPlatform } from "../../providers/mail-platform";
import { setRegistrar } from "../../providers/registrar";
import { ZDomainSearchInput, ZQuoteMailboxOrderInput, type TMailPlatform } from "../../schemas/mailbox-order";
import { createTestWorkspace } from "../../test/factories";
import { fakeMailPlatform, fakeRegistrar, type FakeRegistrarOptions } from "../../test/fakes/fake-order-providers";
import { seedMailboxOrder, testDomainName } from "../../test/mailbox-order-seed";
import { quoteMailboxOrder } from "./quote-mailbox-order";
import { searchDomains } from "./search-domains";

// Quoting only prices names: any other registrar or mail platform call fails the test.
function quotingRegistrar(options: FakeRegistrarOptions = {}) {
  return fakeRegistrar({
    availability: (name) =>
      name.startsWith("taken")
        ? { available: false, priceCents: null, renewalCents: null, currency: "usd", reason: "Someone already registered it" }
        : { available: true, priceCents: 1000, renewalCents: 1500, currency: "usd", reason: null },
    suggestions: (query) => [`${query}.com`, `get${query}.com`, `taken${query}.io`],
    only: ["checkDomains", "suggestDomains"],
    ...options,
  }).registrar;
}

const quotingPlatform = (platforms: TMailPlatform[]) => fakeMailPlatform({ platforms, only: [] }).platform;

const mailbox = (localPart: string) => ({ localPart, firstName: "Jane", lastName: "Doe" });
const quoteInput = (input: unknown) => ZQuoteMailboxOrderInput.parse(input);

async function heraldError(promise: Promise<unknown>): Promise<HeraldError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(HeraldError);
  return error as HeraldError;
}

async function managedDomain(workspaceId: string, name: string, extra: { adminCancelledAt?: Date; platform?: TMailPlatform } = {}) {
  const at = new Date();
  const order = await seedMailboxOrder(workspaceId, [{ name, mailboxes: [{ localPart: "admin" }] }], { status: "completed" });
  return db.managedDomain.create({
    data: { workspaceId, name, platform: extra.platform ?? "google", platformProvider: "sandbox", tenantId: `tenant-${name}`, orderId: order.id, adminCancelledAt: extra.adminCancelledAt, createdAt: at, updatedAt: at },
  });
}

beforeEach(() => {
  setRegistrar(quotingRegistrar());
  setMailPlatform(quotingPlatform(["google", "microsoft"]));
  setClock(systemClock);
});
afterAll(() => {
  setRegistrar(undefined);
  setMailPlatform(undefined);
  setClock(systemClock);
});

describe("quoteMailboxOrder", () => {
  it("prices new and existing domains, keeps the order quoted for 24 hours and makes the first new mailbox the admin", async () => {
    setClock(new ManualClock("2026-03-02T09:00:00Z"));
    const { actor } = await createTestWorkspace();
    const [fresh, own] = [testDomainName("fresh"), testDomainName("own")];
    const order = await quoteMailboxOrder(
      actor,
      quoteInput({
        domains: [
          { name: fresh, platform: "google", years: 2, redirectUrl: "https://acme.com", mailboxes: [mailbox("jane"), mailbox("john")] },
          { name: own.toUpperCase(), existing: true, platform: "microsoft", mailboxes: [mailbox("Sales")] },
        ],
        warmup: { enabled: true, strategy: { preset: "standard", targetVolume: 33 } },
      }),
      { via: "api" },
    );
    expect(order.status).toBe("quoted");
    expect(order.createdVia).toBe("api");
    expect(order.expiresAt).toBe("2026-03-03T09:00:00.000Z");
    expect(order.totals).toEqual({ totalCents: 1000 + 1500 + 2 * 700 + 600, currency: "usd" });
    expect(order.lines).toEqual([
      { description: `Registration of ${fresh} for 2 years`, amountCents: 2500 },
      { description: `2 mailboxes on ${fresh} (Google Workspace), first month`, amountCents: 1400 },
      { description: `1 mailbox on ${own} (Microsoft 365), first month`, amountCents: 600 },
    ]);
    expect(order.domains.map((domain) => [domain.name, domain.existing, domain.years, domain.redirectUrl, domain.status])).toEqual([
      [fresh, false, 2, "https://acme.com", "pending"],
      [own, true, 1, null, "pending"],
    ]);
    expect(order.domains.flatMap((domain) => domain.mailboxes.map((box) => [box.email, box.isAdmin, box.step]))).toEqual([
      [`jane@${fresh}`, true, "ordered"],
      [`john@${fresh}`, false, "ordered"],
      [`sales@${own}`, false, "ordered"],
    ]);
    expect(order.warmup).toEqual({ enabled: true, strategy: expect.objectContaining({ preset: "custom", targetVolume: 33, startingVolume: 5 }) });
    const row = await db.mailboxOrder.findUniqueOrThrow({ where: { id: order.id }, include: { domains: true } });
    expect(row.createdByUserId).toBe(actor.userId);
    expect(row.domains.map((domain) => domain.priceCents).sort()).toEqual([0, 2500]);
  });

  it("stores the conservative preset in full when no strategy is sent", async () => {
    const { actor } = await createTestWorkspace();
    const order = await quoteMailboxOrder(actor, quoteInput({ domains: [{ name: testDomainName(), platform: "google", mailboxes: [mailbox("jane")] }] }), { via: "dashboard" });
    expect(order.createdVia).toBe("dashboard");
    expect(order.warmup.strategy).toMatchObject({ preset: "conservative", startingVolume: expect.any(Number), replyInbox: expect.any(Array) });
  });

  it("adds mailboxes to a domain bought through Herald, none of them admin", async () => {
    const { actor } = await createTestWorkspace();
    const name = testDomainName("managed");
    const held = await managedDomain(actor.workspaceId, name);
    const order = await quoteMailboxOrder(actor, quoteInput({ domains: [{ name, existing: true, platform: "google", mailboxes: [mailbox("new")] }] }), { via: "api" });
    expect(order.domains[0]!.mailboxes[0]!.isAdmin).toBe(false);
    expect(order.totals.totalCents).toBe(700);
    const row = await db.mailboxOrderDomain.findFirstOrThrow({ where: { orderId: order.id } });
    expect(row.managedDomainId).toBe(held.id);
  });

  it("names every field at fault in one 400", async () => {
    const { actor } = await createTestWorkspace();
    const other = await createTestWorkspace();
    const [a, taken, theirs, mine, ordered] = [testDomainName("a"), testDomainName("taken"), testDomainName("theirs"), testDomainName("mine"), testDomainName("ordered")];
    await managedDomain(other.actor.workspaceId, theirs);
    const held = await managedDomain(actor.workspaceId, mine);
    const at = new Date();
    await db.mailbox.create({
      data: { workspaceId: actor.workspaceId, label: "Desk", email: `desk@${a}`, provider: "sandbox", authType: "sandbox", connectedVia: "api", createdAt: at, updatedAt: at },
    });
    await seedMailboxOrder(actor.workspaceId, [{ name: ordered, existing: true, mailboxes: [{ localPart: "busy" }] }], { status: "provisioning" });
    setMailPlatform(quotingPlatform(["google"]));

    const error = await heraldError(
      quoteMailboxOrder(
        actor,
        quoteInput({
          domains: [
            { name: a, platform: "google", mailboxes: [mailbox("jane"), mailbox("JANE"), mailbox("desk")] },
            { name: a, platform: "google", mailboxes: [mailbox("other")] },
            { name: taken, platform: "google", mailboxes: [mailbox("x")] },
            { name: theirs, existing: true, platform: "google", mailboxes: [mailbox("x")] },
            { name: mine, platform: "google", mailboxes: [mailbox("x")] },
            { name: ordered, existing: true, platform: "microsoft", mailboxes: [mailbox("busy")] },
          ],
        }),
        { via: "api" },
      ),
    );
    expect(held.platform).toBe("google");
    expect(error.code).toBe("invalid-input");
    expect(error.details!.fields).toEqual(
      expect.arrayContaining([
        { field: "domains.0.mailboxes.1.localPart", message: `jane@${a} is in the order twice` },
        { field: "domains.1.name", message: `${a} is in the order twice` },
        { field: "domains.5.platform", message: "Microsoft 365 is not offered by this installation; choose google (Google Workspace)" },
        { field: "domains.2.name", message: `${taken} cannot be registered: Someone already registered it` },
        { field: "domains.3.name", message: `${theirs} belongs to another workspace` },
        { field: "domains.4.name", message: `${mine} is already yours through Herald: add mailboxes to it with existing set to true` },
        { field: "domains.0.mailboxes.2.localPart", message: `desk@${a} is already a mailbox of this workspace` },
        { field: "domains.5.mailboxes.0.localPart", message: `busy@${ordered} is already in another order being carried out` },
      ]),
    );
    expect(error.message).toContain("domains.1.name");
    expect(await db.mailboxOrder.count({ where: { workspaceId: actor.workspaceId, status: "quoted" } })).toBe(0);
  });

  it("refuses another platform for a domain bought through Herald", async () => {
    const { actor } = await createTestWorkspace();
    const name = testDomainName("managed");
    await managedDomain(actor.workspaceId, name, { platform: "google" });
    const error = await heraldError(quoteMailboxOrder(actor, quoteInput({ domains: [{ name, existing: true, platform: "microsoft", mailboxes: [mailbox("x")] }] }), { via: "api" }));
    expect(error.details!.fields).toEqual([{ field: "domains.0.platform", message: `${name} has its mailboxes on Google Workspace: choose google` }]);
  });

  it("is 409 domain-closed for a domain whose admin mailbox was cancelled", async () => {
    const { actor } = await createTestWorkspace();
    const name = testDomainName("closed");
    await managedDomain(actor.workspaceId, name, { adminCancelledAt: new Date() });
    const error = await heraldError(quoteMailboxOrder(actor, quoteInput({ domains: [{ name, existing: true, platform: "google", mailboxes: [mailbox("x")] }] }), { via: "api" }));
    expect(error.code).toBe("domain-closed");
    expect(error.message).toContain(name);
  });

  it("checks the warmup strategy as the warmup PATCH does", async () => {
    const { actor } = await createTestWorkspace();
    const input = quoteInput({ domains: [{ name: testDomainName(), platform: "google", mailboxes: [mailbox("x")] }], warmup: { strategy: { targetVolume: 0, preset: "fast" } } });
    const error = await heraldError(quoteMailboxOrder(actor, input, { via: "api" }));
    expect(error.code).toBe("invalid-strategy");
    expect((error.details!.errors as Array<{ field: string }>).map((issue) => issue.field).sort()).toEqual(["warmup.strategy.preset", "warmup.strategy.targetVolume"]);
  });

  it("needs the email channel and the managed-mailbox gate", async () => {
    const { actor, workspace } = await createTestWorkspace();
    const input = quoteInput({ domains: [{ name: testDomainName(), platform: "google", mailboxes: [mailbox("x")] }] });
    await db.workspace.update({ where: { id: workspace.id }, data: { managedMailboxesEnabled: false } });
    expect((await heraldError(quoteMailboxOrder(actor, input, { via: "api" }))).code).toBe("managed-mailboxes-disabled");
    expect((await heraldError(searchDomains(actor, ZDomainSearchInput.parse({ query: "acme" })))).code).toBe("managed-mailboxes-disabled");
    await db.workspace.update({ where: { id: workspace.id }, data: { emailChannelEnabled: false } });
    expect((await heraldError(quoteMailboxOrder(actor, input, { via: "api" }))).code).toBe("email-channel-disabled");
    expect((await heraldError(searchDomains(actor, ZDomainSearchInput.parse({ query: "acme" })))).code).toBe("email-channel-disabled");
  });
});

describe("searchDomains", () => {
  it("checks the domain asked first, then the suggestions, priced for the years asked", async () => {
    const { actor } = await createTestWorkspace();
    const offers = await searchDomains(actor, ZDomainSearchInput.parse({ query: "Acme.IO", years: 3 }));
    expect(offers.map((offer) => offer.name)).toEqual(["acme.io", "acme.com", "getacme.com", "takenacme.io"]);
    expect(offers[0]).toEqual({ name: "acme.io", available: true, priceCents: 1000 + 2 * 1500, renewalCents: 1500, currency: "usd", reason: null });
    expect(offers[3]).toEqual({ name: "takenacme.io", available: false, priceCents: null, renewalCents: null, currency: "usd", reason: "Someone already registered it" });
  });

  it("refuses a query that is not a name or a domain, and answers 502 when the registrar is down", async () => {
    const { actor } = await createTestWorkspace();
    const invalid = await heraldError(searchDomains(actor, ZDomainSearchInput.parse({ query: "acme!" })));
    expect(invalid.details!.fields).toEqual([{ field: "query", message: expect.stringContaining("letters, digits and dashes") }]);
    setRegistrar(quotingRegistrar({ failing: ["suggestDomains"] }));
    expect((await heraldError(searchDomains(actor, ZDomainSearchInput.parse({ query: "acme" })))).code).toBe("provider-failed");
  });
});
