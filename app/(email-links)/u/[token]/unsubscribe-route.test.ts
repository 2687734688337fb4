// The unsubscribe link end to end through its route handler: the page, its button, and mail
// providers' one-click requests (RFC 8058).
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { outboxEvents } from "@/server/test/factories";
import { seedTrackedEmail } from "@/server/test/tracked-email-seed";
import { unsubscribeParts } from "@/server/services/mail/tracking/unsubscribe-parts";
import { GET, POST } from "./route";

type Seeded = Awaited<ReturnType<typeof seedTrackedEmail>>;

function linkOf(seeded: Seeded, options: { withCampaignLead?: boolean } = {}): { url: string; token: string } {
  const parts = unsubscribeParts({
    workspaceId: seeded.workspace.id,
    address: seeded.address,
    mailboxEmail: seeded.mailbox.email,
    text: "{{unsubscribe}}",
    emailMessageId: seeded.email.id,
    campaignLeadId: options.withCampaignLead === false ? null : seeded.campaignLead.id,
  });
  // The text part gives the address on its own last line.
  const url = parts.text.split("\n").at(-1)!;
  expect(parts.text).toBe(`unsubscribe\n${url}`);
  // The one-click target is the https address of the List-Unsubscribe header: the same as the page's.
  expect(parts.headers["List-Unsubscribe"]).toContain(`<${url}>`);
  return { url, token: url.split("/u/")[1]! };
}

async function open(token: string) {
  const response = await GET(new Request(`http://herald.test/u/${token}`), { params: Promise.resolve({ token }) });
  return { status: response.status, text: await response.text() };
}

async function post(token: string, body: string, contentType = "application/x-www-form-urlencoded") {
  const response = await POST(new Request(`http://herald.test/u/${token}`, { method: "POST", headers: { "content-type": contentType }, body }), {
    params: Promise.resolve({ token }),
  });
  return { status: response.status, text: await response.text(), type: response.headers.get("content-type") };
}

describe("GET /u/{token}", () => {
  it("asks before unsubscribing, and opening the link changes nothing", async () => {
    const seeded = await seedTrackedEmail({ workspaceName: "Acme & Co" });
    const page = await open(linkOf(seeded).token);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Unsubscribe ${seeded.address} from Acme &amp; Co&#39;s e-mails?`);
    expect(page.text).toContain('<form method="post">');
    expect(page.text).toContain('name="viewport"');
    expect(await outboxEvents(seeded.workspace.id)).toEqual([]);
    expect((await db.lead.findUniqueOrThrow({ where: { id: seeded.lead.id } })).emailOptOut).toBe(false);
    expect((await db.campaignLead.findUniqueOrThrow({ where: { id: seeded.campaignLead.id } })).status).toBe("running");
  });

  it("answers a changed or made-up link with a page saying it is not valid", async () => {
    const seeded = await seedTrackedEmail();
    const { token } = linkOf(seeded);
    const forged = `${Buffer.from(JSON.stringify([1, seeded.workspace.id, "someone@else.example", seeded.email.id, null])).toString("base64url")}.${token.split(".")[1]}`;
    for (const bad of [forged, "nonsense", `${token}x`]) {
      const page = await open(bad);
      expect(page.status).toBe(404);
      expect(page.text).toContain("This unsubscribe link is not valid");
    }
    expect((await post(forged, "List-Unsubscribe=One-Click")).status).toBe(404);
    expect(await outboxEvents(seeded.workspace.id)).toEqual([]);
  });
});

describe("POST /u/{token}", () => {
  it("the page's button unsubscribes (source page): every lead with the address opted out, the lead stopped", async () => {
    const seeded = await seedTrackedEmail();
    const at = new Date();
    const twin = await db.lead.create({
      data: { workspaceId: seeded.workspace.id, email: seeded.address.toUpperCase(), publicIdentifier: "ada-twin", source: "csv", createdAt: at, updatedAt: at },
    });
    const stranger = await db.lead.create({ data: { workspaceId: seeded.workspace.id, email: "grace@prospect.example", source: "csv", createdAt: at, updatedAt: at } });

    const answer = await post(linkOf(seeded).token, "source=page");
    expect(answer.status).toBe(200);
    expect(answer.type).toContain("text/html");
    expect(answer.text).toContain("You are unsubscribed");

    const leads = await db.lead.findMany({ where: { id: { in: [seeded.lead.id, twin.id, stranger.id] } } });
    expect(Object.fromEntries(leads.map((lead) => [lead.id, lead.emailOptOut]))).toEqual({ [seeded.lead.id]: true, [twin.id]: true, [stranger.id]: false });
    expect(leads.find((lead) => lead.id === seeded.lead.id)!.emailOptOutAt).toBeInstanceOf(Date);
    expect((await db.campaignLead.findUniqueOrThrow({ where: { id: seeded.campaignLead.id } })).status).toBe("stopped");

    const events = await outboxEvents(seeded.workspace.id);
    const unsubscribed = events.find((event) => event.event === "email.unsubscribed")!;
    expect(unsubscribed.data).toEqual({
      accountId: seeded.mailbox.id,
      campaignLeadId: seeded.campaignLead.id,
      campaignId: seeded.campaign.id,
      leadId: seeded.lead.id,
      email: { address: seeded.address },
      source: "page",
      leadStopped: true,
      at: expect.any(String),
    });
    expect(events.find((event) => event.event === "lead.status_changed")!.data).toMatchObject({
      campaignLeadId: seeded.campaignLead.id,
      oldStatus: "running",
      newStatus: "stopped",
    });

    // The same link again: the page says so, nothing new fires.
    expect((await open(linkOf(seeded).token)).text).toContain("You are unsubscribed");
    expect((await post(linkOf(seeded).token, "source=page")).status).toBe(200);
    expect((await post(linkOf(seeded).token, "List-Unsubscribe=One-Click")).status).toBe(200);
    expect(await outboxEvents(seeded.workspace.id)).toHaveLength(events.length);
  });

  it("a mail provider's one-click request unsubscribes (source one-click) with a short answer", async () => {
    const seeded = await seedTrackedEmail();
    const answer = await post(linkOf(seeded).token, "List-Unsubscribe=One-Click");
    expect(answer).toMatchObject({ status: 200, text: "Unsubscribed" });
    const [event] = await outboxEvents(seeded.workspace.id, "email.unsubscribed");
    expect(event!.data).toMatchObject({ source: "one-click", leadStopped: true, campaignLeadId: seeded.campaignLead.id });
    expect((await db.lead.findUniqueOrThrow({ where: { id: seeded.lead.id } })).emailOptOut).toBe(true);
  });

  it("takes a one-click request sent as multipart form data too", async () => {
    const seeded = await seedTrackedEmail();
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const request = new Request("http://herald.test/u/x", { method: "POST", body: form });
    const { token } = linkOf(seeded);
    const response = await POST(new Request(`http://herald.test/u/${token}`, { method: "POST", headers: request.headers, body: await request.text() }), {
      params: Promise.resolve({ token }),
    });
    expect(response.status).toBe(200);
    expect((await outboxEvents(seeded.workspace.id, "email.unsubscribed"))[0]!.data.source).toBe("one-click");
  });

  it("matches the address exactly, but for case: an underscore or percent sign is no wildcard", async () => {
    const seeded = await seedTrackedEmail({ address: "ada_love%lace@prospect.example" });
    const at = new Date();
    const lookalike = await db.lead.create({
      data: { workspaceId: seeded.workspace.id, email: "adaXloveXYZlace@prospect.example", source: "csv", createdAt: at, updatedAt: at },
    });
    await post(linkOf(seeded).token, "List-Unsubscribe=One-Click");
    expect((await db.lead.findUniqueOrThrow({ where: { id: seeded.lead.id } })).emailOptOut).toBe(true);
    expect((await db.lead.findUniqueOrThrow({ where: { id: lookalike.id } })).emailOptOut).toBe(false);
  });

  it("refuses a body far larger than a form, without unsubscribing", async () => {
    const seeded = await seedTrackedEmail();
    expect((await post(linkOf(seeded).token, `List-Unsubscribe=One-Click&padding=${"x".repeat(64 * 1024)}`)).status).toBe(413);
    expect(await outboxEvents(seeded.workspace.id)).toEqual([]);
  });

  it("opts out a lead that had finished the campaign without touching it (leadStopped false)", async () => {
    const seeded = await seedTrackedEmail({ campaignLeadStatus: "done" });
    await post(linkOf(seeded).token, "List-Unsubscribe=One-Click");
    expect((await db.campaignLead.findUniqueOrThrow({ where: { id: seeded.campaignLead.id } })).status).toBe("done");
    const events = await outboxEvents(seeded.workspace.id);
    expect(events.map((event) => event.event)).toEqual(["email.unsubscribed"]);
    expect(events[0]!.data).toMatchObject({ leadStopped: false, campaignLeadId: seeded.campaignLead.id });
    expect((await db.lead.findUniqueOrThrow({ where: { id: seeded.lead.id } })).emailOptOut).toBe(true);
  });

  it("keeps working after the mailbox was removed (its e-mails with it, its leads moved to another mailbox)", async () => {
    const seeded = await seedTrackedEmail();
    const { token } = linkOf(seeded);
    const at = new Date();
    // What removing a mailbox leaves: no mailbox, no e-mails, a removal record, the lead elsewhere.
    const other = await db.mailbox.create({
      data: { workspaceId: seeded.workspace.id, label: "Other", email: "other@acme.example", provider: "sandbox", authType: "sandbox", connectedVia: "api", createdAt: at, updatedAt: at },
    });
    await db.mailbox.delete({ where: { id: seeded.mailbox.id } });
    await db.removedMailbox.create({
      data: { workspaceId: seeded.workspace.id, email: seeded.mailbox.email, mailboxId: seeded.mailbox.id, snapshot: {}, removedAt: at, restorableUntil: new Date(at.getTime() + 86_400_000) },
    });
    await db.campaignLead.update({ where: { id: seeded.campaignLead.id }, data: { emailAccountId: other.id } });
    expect(await db.emailMessage.count({ where: { id: seeded.email.id } })).toBe(0);

    expect((await open(token)).status).toBe(200);
    expect((await post(token, "List-Unsubscribe=One-Click")).status).toBe(200);
    const [event] = await outboxEvents(seeded.workspace.id, "email.unsubscribed");
    expect(event!.data).toMatchObject({
      accountId: seeded.mailbox.id,
      campaignLeadId: seeded.campaignLead.id,
      campaignId: seeded.campaign.id,
      leadId: seeded.lead.id,
      leadStopped: true,
    });
    expect((await db.campaignLead.findUniqueOrThrow({ where: { id: seeded.campaignLead.id } })).status).toBe("stopped");
  });

  it("gives campaignLeadId null when the lead was removed from the campaign as well", async () => {
    const seeded = await seedTrackedEmail();
    const { token } = linkOf(seeded);
    await db.mailbox.delete({ where: { id: seeded.mailbox.id } });
    await db.campaignLead.delete({ where: { id: seeded.campaignLead.id } });

    expect((await post(token, "source=page")).text).toContain("You are unsubscribed");
    const [event] = await outboxEvents(seeded.workspace.id, "email.unsubscribed");
    expect(event!.data).toMatchObject({ campaignLeadId: null, leadId: seeded.lead.id, leadStopped: false, source: "page" });
    expect((await db.lead.findUniqueOrThrow({ where: { id: seeded.lead.id } })).emailOptOut).toBe(true);
  });

  it("finds the campaign lead through the e-mail when the link does not name it", async () => {
    const seeded = await seedTrackedEmail();
    await post(linkOf(seeded, { withCampaignLead: false }).token, "List-Unsubscribe=One-Click");
    const [event] = await outboxEvents(seeded.workspace.id, "email.unsubscribed");
    expect(event!.data).toMatchObject({ campaignLeadId: seeded.campaignLead.id, leadStopped: true });
  });
});
