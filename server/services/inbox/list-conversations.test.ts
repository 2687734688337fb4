// The inbox list: newest first across both channels, each filter, the search (its wildcards taken
// literally), the unread count under the same filters, keyset paging that stays consistent while
// new messages arrive, and a cursor it did not give refused naming `cursor`.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { ManualClock, setClock, systemClock } from "../../lib/clock";
import type { TListConversationsQuery } from "../../schemas/inbox";
import { setCampaignLeadInterest } from "../campaigns/set-campaign-lead-interest";
import { createTestWorkspace } from "../../test/factories";
import { emailConversationSeed, inboxWorkspace, linkedinConversationSeed, receivedEmail } from "../../test/inbox-seed";
import { listConversations } from "./list-conversations";

afterEach(() => setClock(systemClock));

const MINUTE = 60_000;

/** A workspace with three e-mail conversations and one LinkedIn conversation, each a minute after the last. */
async function inbox() {
  const clock = new ManualClock("2026-03-02T09:00:00Z");
  setClock(clock);
  const { actor, workspace } = await inboxWorkspace();
  const ada = await emailConversationSeed(actor, { lead: { firstName: "Ada", lastName: "Lovelace", email: "ada@engines.example" }, campaignName: "Autumn" });
  clock.advance(MINUTE);
  const grace = await emailConversationSeed(actor, { lead: { firstName: "Grace", lastName: "Hopper", email: "grace_h@navy.example" }, campaignName: "Winter" });
  clock.advance(MINUTE);
  const alan = await emailConversationSeed(actor, { lead: { firstName: "Alan", lastName: "Turing", email: "alan%t@bletchley.example" }, campaignName: "Spring" });
  clock.advance(MINUTE);
  const linkedin = await linkedinConversationSeed(actor, clock, { sent: "Hello on LinkedIn", reply: "Happy to talk" }, "Rep on LinkedIn");
  const { sender, lead: prospect } = linkedin;
  clock.advance(MINUTE);
  // Grace replies (unread, replied); Alan's out of office (neither).
  await receivedEmail(grace.thread, { kind: "reply", text: "Yes please", from: grace.lead.email!, root: grace.first.messageId, inReplyTo: grace.first.messageId });
  clock.advance(MINUTE);
  await receivedEmail(alan.thread, { kind: "auto-reply", text: "Away", from: alan.lead.email!, root: alan.first.messageId, inReplyTo: alan.first.messageId });
  const ids = {
    ada: (await ada.conversation()).id,
    grace: (await grace.conversation()).id,
    alan: (await alan.conversation()).id,
    linkedin: (await db.conversation.findFirstOrThrow({ where: { workspaceId: workspace.id, channel: "linkedin" } })).id,
  };
  return { clock, actor, workspace, ada, grace, alan, linkedin, sender, prospect, ids };
}

describe("listing conversations", () => {
  it("lists both channels newest first with their lead, account, campaign and state", async () => {
    const { actor, ids, grace, sender, linkedin, prospect } = await inbox();
    const page = await listConversations(actor, {});
    expect(page.data.map((conversation) => conversation.id)).toEqual([ids.alan, ids.grace, ids.linkedin, ids.ada]);
    expect(page.paging).toEqual({ limit: 25, nextCursor: null });
    expect(page.unreadCount).toBe(2);
    const graceRow = page.data[1]!;
    expect(graceRow).toMatchObject({
      channel: "email",
      chatId: `email:${grace.mailbox.id}:${grace.first.messageId}`,
      account: { id: grace.mailbox.id, kind: "mailbox", name: `Sales <${grace.mailbox.email}>` },
      lead: { id: grace.lead.id, firstName: "Grace", lastName: "Hopper", email: "grace_h@navy.example", company: "Analytical Engines" },
      campaign: { id: grace.campaign.id, name: "Winter" },
      campaignLeadId: grace.campaignLead.id,
      interest: null,
      subject: "Quick question",
      lastMessage: { text: "Yes please", direction: "inbound" },
      messageCount: 2,
      replied: true,
      unread: true,
    });
    expect(page.data[2]).toMatchObject({
      channel: "linkedin",
      account: { id: sender.id, kind: "sender", name: "Rep on LinkedIn" },
      lead: { id: prospect.id, linkedinUrl: prospect.profileUrl },
      campaign: { id: linkedin.campaign.id, name: "LinkedIn outreach" },
      subject: null,
      replied: true,
      unread: true,
    });
    expect(page.data[0]).toMatchObject({ replied: false, unread: false, lastMessage: { text: "Away" } });
  });

  it("filters by channel, account, campaign, unread, replied and interest, counting unread under the same filters", async () => {
    const { actor, ids, grace, alan, ada, sender } = await inbox();
    await setCampaignLeadInterest(actor, grace.campaignLead.id, "interested");
    await setCampaignLeadInterest(actor, ada.campaignLead.id, "not_interested");
    const list = async (query: TListConversationsQuery) => {
      const page = await listConversations(actor, query);
      return { ids: page.data.map((conversation) => conversation.id), unreadCount: page.unreadCount };
    };
    expect(await list({ channel: "email" })).toEqual({ ids: [ids.alan, ids.grace, ids.ada], unreadCount: 1 });
    expect(await list({ channel: "linkedin" })).toEqual({ ids: [ids.linkedin], unreadCount: 1 });
    expect(await list({ accountId: sender.id })).toEqual({ ids: [ids.linkedin], unreadCount: 1 });
    expect(await list({ accountId: alan.mailbox.id })).toEqual({ ids: [ids.alan], unreadCount: 0 });
    expect(await list({ campaignId: grace.campaign.id })).toEqual({ ids: [ids.grace], unreadCount: 1 });
    expect(await list({ unread: true })).toEqual({ ids: [ids.grace, ids.linkedin], unreadCount: 2 });
    expect(await list({ unread: "false" })).toEqual({ ids: [ids.alan, ids.ada], unreadCount: 2 });
    expect(await list({ replied: true })).toEqual({ ids: [ids.grace, ids.linkedin], unreadCount: 2 });
    expect(await list({ replied: false })).toEqual({ ids: [ids.alan, ids.ada], unreadCount: 0 });
    expect(await list({ interest: "interested" })).toEqual({ ids: [ids.grace], unreadCount: 1 });
    expect(await list({ interest: "not_interested" })).toEqual({ ids: [ids.ada], unreadCount: 0 });
    expect(await list({ interest: "unknown" })).toEqual({ ids: [ids.alan, ids.linkedin], unreadCount: 1 });
    expect(await list({ interest: "unknown", channel: "email" })).toEqual({ ids: [ids.alan], unreadCount: 0 });
    // A conversation without a campaign lead has an unknown interest.
    await db.conversation.update({ where: { id: ids.ada }, data: { campaignLeadId: null, campaignId: null } });
    expect(await list({ interest: "unknown", channel: "email" })).toEqual({ ids: [ids.alan, ids.ada], unreadCount: 0 });
    expect((await listConversations(actor, { channel: "email" })).data.at(-1)).toMatchObject({ campaign: null, campaignLeadId: null, interest: null });
  });

  it("searches the lead's name and address, taking % and _ literally", async () => {
    const { actor, ids } = await inbox();
    const search = async (term: string) => (await listConversations(actor, { search: term })).data.map((conversation) => conversation.id);
    expect(await search("grace")).toEqual([ids.grace]);
    expect(await search("  HOPPER ")).toEqual([ids.grace]);
    expect(await search("Ada Love")).toEqual([ids.ada]);
    expect(await search("bletchley")).toEqual([ids.alan]);
    expect(await search("%")).toEqual([ids.alan]);
    expect(await search("_h@")).toEqual([ids.grace]);
    expect(await search("a_a")).toEqual([]);
    expect(await search("\\")).toEqual([]);
    expect(await search("")).toHaveLength(4);
  });

  it("pages by keyset: no conversation twice, none lost, and one that moves to the top is found there", async () => {
    const { actor, ids, clock, ada } = await inbox();
    const first = await listConversations(actor, { limit: 2 });
    expect(first.data.map((conversation) => conversation.id)).toEqual([ids.alan, ids.grace]);
    expect(first.paging.nextCursor).toEqual(expect.any(String));
    // Ada answers between the two pages: her conversation moves to the top, ahead of the cursor.
    clock.advance(MINUTE);
    await receivedEmail(ada.thread, { kind: "reply", text: "Back from holidays", from: ada.lead.email!, root: ada.first.messageId, inReplyTo: ada.first.messageId });
    const second = await listConversations(actor, { limit: 2, cursor: first.paging.nextCursor! });
    expect(second.data.map((conversation) => conversation.id)).toEqual([ids.linkedin]);
    expect(second.paging.nextCursor).toBeNull();
    expect((await listConversations(actor, { limit: 2 })).data.map((conversation) => conversation.id)).toEqual([ids.ada, ids.alan]);
  });

  it("orders conversations of the same moment by id, and pages through them without a gap", async () => {
    const { actor, workspace } = await inbox();
    await db.conversation.updateMany({ where: { workspaceId: workspace.id }, data: { lastMessageAt: new Date("2026-03-03T00:00:00Z") } });
    const all = (await listConversations(actor, {})).data.map((conversation) => conversation.id);
    expect(all).toEqual([...all].sort().reverse());
    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listConversations(actor, { limit: 1, cursor });
      paged.push(...page.data.map((conversation) => conversation.id));
      cursor = page.paging.nextCursor ?? undefined;
    } while (cursor);
    expect(paged).toEqual(all);
  });

  it("refuses a cursor it did not give, naming cursor, and shows nothing of another workspace", async () => {
    const { actor } = await inbox();
    for (const cursor of ["nonsense", Buffer.from("2026-03-02T09:00:00.000Z|x").toString("base64url"), "a".repeat(500), Buffer.from("not-a-date|cnv_1").toString("base64url")]) {
      await expect(listConversations(actor, { cursor })).rejects.toMatchObject({ code: "invalid-input", details: { fields: [{ field: "cursor" }] } });
    }
    const other = await createTestWorkspace();
    expect(await listConversations(other.actor, {})).toEqual({ data: [], paging: { limit: 25, nextCursor: null }, unreadCount: 0 });
  });
});
