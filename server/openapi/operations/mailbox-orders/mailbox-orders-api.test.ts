// The mailbox order routes: quoting and domain search through REST, the list (newest first, status
// filter, paging exactly as the spec) and one order, on the shared fake registrar and mail platform.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { setMailPlatform } from "@/server/providers/mail-platform";
import { setRegistrar } from "@/server/providers/registrar";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";
import { fakeMailPlatform, fakeRegistrar } from "@/server/test/fakes/fake-order-providers";
import { seedMailboxOrder, testDomainName } from "@/server/test/mailbox-order-seed";

beforeAll(() => {
  setRegistrar(
    fakeRegistrar({
      availability: () => ({ available: true, priceCents: 1200, renewalCents: 1400, currency: "usd", reason: null }),
      suggestions: (query) => [`${query}.com`, `${query}mail.com`],
      only: ["checkDomains", "suggestDomains"],
    }).registrar,
  );
  // Quoting never calls the mail platform: it only reads which platforms it hosts.
  setMailPlatform(fakeMailPlatform({ only: [] }).platform);
});
afterAll(() => {
  setRegistrar(undefined);
  setMailPlatform(undefined);
});

async function seedAt(workspaceId: string, status: "paid" | "completed" | "needs_attention", createdAt: string) {
  const order = await seedMailboxOrder(workspaceId, [{ name: testDomainName(status), mailboxes: [{ localPart: "jane" }] }], { status });
  await db.mailboxOrder.update({ where: { id: order.id }, data: { createdAt: new Date(createdAt) } });
  return order.id;
}

describe("POST /mailbox-orders and POST /domains/search", () => {
  it("quotes an order (201) and answers 400 naming the field", async () => {
    const { actor } = await createTestWorkspace();
    const { key } = await createTestApiKey(actor);
    const name = testDomainName("rest");
    const quoted = await callApi("POST", "/mailbox-orders", {
      key,
      body: { domains: [{ name, platform: "google", years: 1, mailboxes: [{ localPart: "jane", firstName: "Jane", lastName: "Doe" }] }] },
    });
    expect(quoted.status).toBe(201);
    expect(quoted.body!.data).toMatchObject({ status: "quoted", createdVia: "api", totals: { totalCents: 1200 + 700, currency: "usd" } });

    const got = await callApi("GET", `/mailbox-orders/${quoted.body!.data.id}`, { key });
    expect(got.status).toBe(200);
    expect(got.body!.data).toEqual(quoted.body!.data);

    const invalid = await callApi("POST", "/mailbox-orders", {
      key,
      body: { domains: [{ name, platform: "google", mailboxes: [{ localPart: "jane", firstName: "Jane", lastName: "Doe" }, { localPart: "ja ne", firstName: "", lastName: "Doe" }] }] },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body!.error.code).toBe("invalid-input");
    expect(invalid.body!.error.details.fields.map((issue: { field: string }) => issue.field)).toEqual(["domains.0.mailboxes.1.localPart", "domains.0.mailboxes.1.firstName"]);
  });

  it("searches domains, and both answer 403 while the managed-mailbox gate is off", async () => {
    const { actor, workspace } = await createTestWorkspace();
    const { key } = await createTestApiKey(actor);
    const found = await callApi("POST", "/domains/search", { key, body: { query: "acme", years: 2 } });
    expect(found.status).toBe(200);
    expect(found.body!.data[0]).toEqual({ name: "acme.com", available: true, priceCents: 2600, renewalCents: 1400, currency: "usd", reason: null });

    await db.workspace.update({ where: { id: workspace.id }, data: { managedMailboxesEnabled: false } });
    const refused = await callApi("POST", "/domains/search", { key, body: { query: "acme" } });
    expect(refused.status).toBe(403);
    expect(refused.body!.error.code).toBe("managed-mailboxes-disabled");
    const quote = await callApi("POST", "/mailbox-orders", {
      key,
      body: { domains: [{ name: testDomainName(), platform: "google", mailboxes: [{ localPart: "jane", firstName: "Jane", lastName: "Doe" }] }] },
    });
    expect(quote.status).toBe(403);
    expect(quote.body!.error.code).toBe("managed-mailboxes-disabled");
  });
});

describe("GET /mailbox-orders", () => {
  it("lists the workspace's orders newest first, filters by status and pages", async () => {
    const { actor } = await createTestWorkspace();
    const other = await createTestWorkspace();
    const { key } = await createTestApiKey(actor);
    const oldest = await seedAt(actor.workspaceId, "completed", "2026-01-01T00:00:00Z");
    const middle = await seedAt(actor.workspaceId, "paid", "2026-01-02T00:00:00Z");
    const newest = await seedAt(actor.workspaceId, "completed", "2026-01-03T00:00:00Z");
    await seedAt(other.actor.workspaceId, "completed", "2026-01-04T00:00:00Z");

    const all = await callApi("GET", "/mailbox-orders", { key });
    expect(all.status).toBe(200);
    expect(all.body!.data.map((order: { id: string }) => order.id)).toEqual([newest, middle, oldest]);
    expect(all.body!.paging).toEqual({ limit: 50, offset: 0 });
    expect(all.body!.data[0].domains[0].mailboxes[0]).toMatchObject({ step: "ordered", accountId: null });

    const completed = await callApi("GET", "/mailbox-orders", { key, query: { status: "completed" } });
    expect(completed.body!.data.map((order: { id: string }) => order.id)).toEqual([newest, oldest]);

    const page = await callApi("GET", "/mailbox-orders", { key, query: { limit: 1, offset: 1 } });
    expect(page.body).toMatchObject({ paging: { limit: 1, offset: 1 } });
    expect(page.body!.data.map((order: { id: string }) => order.id)).toEqual([middle]);

    const badStatus = await callApi("GET", "/mailbox-orders", { key, query: { status: "shipped" } });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body!.error.details.fields[0].field).toBe("status");
  });

  it("orders created in the same instant newest id first, and answers 404 for another workspace's order", async () => {
    const { actor } = await createTestWorkspace();
    const other = await createTestWorkspace();
    const { key } = await createTestApiKey(actor);
    const ids = [await seedAt(actor.workspaceId, "paid", "2026-02-01T00:00:00Z"), await seedAt(actor.workspaceId, "paid", "2026-02-01T00:00:00Z")];
    const listed = await callApi("GET", "/mailbox-orders", { key });
    expect(listed.body!.data.map((order: { id: string }) => order.id)).toEqual([...ids].sort().reverse());

    const theirs = await seedAt(other.actor.workspaceId, "needs_attention", "2026-02-02T00:00:00Z");
    const hidden = await callApi("GET", `/mailbox-orders/${theirs}`, { key });
    expect(hidden.status).toBe(404);
    expect(hidden.body!.error.code).toBe("not-found");
  });
});
