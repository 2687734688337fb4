// Marking a conversation read or unread and setting its lead's interest by hand, and the inbox's
// stop, pause and resume of the lead (the campaign's own operations, with their events).
import { describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { createTestWorkspace, outboxEvents } from "../../test/factories";
import { emailConversationSeed, inboxWorkspace, receivedEmail } from "../../test/inbox-seed";
import { actOnConversationLead } from "./act-on-conversation-lead";
import { countUnreadConversations } from "./count-unread-conversations";
import { listConversations } from "./list-conversations";
import { updateConversation } from "./update-conversation";

describe("updating a conversation", () => {
  it("marks it read and unread, and sets or clears the campaign lead's interest by hand", async () => {
    const { actor } = await inboxWorkspace();
    const seed = await emailConversationSeed(actor);
    await receivedEmail(seed.thread, { kind: "reply", text: "Yes", from: seed.lead.email!, root: seed.first.messageId, inReplyTo: seed.first.messageId });
    const { id } = await seed.conversation();
    expect(await countUnreadConversations(actor)).toEqual({ unreadCount: 1 });

    expect(await updateConversation(actor, id, { unread: false })).toMatchObject({ id, unread: false });
    expect(await countUnreadConversations(actor)).toEqual({ unreadCount: 0 });
    expect(await updateConversation(actor, id, { unread: true, interest: "interested" })).toMatchObject({ unread: true, interest: "interested" });
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: seed.campaignLead.id } })).toMatchObject({ interest: "interested", interestBy: "manual" });
    expect((await listConversations(actor, { interest: "interested" })).data.map((conversation) => conversation.id)).toEqual([id]);
    expect(await updateConversation(actor, id, { interest: null })).toMatchObject({ interest: null });
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: seed.campaignLead.id } })).toMatchObject({ interest: null, interestBy: null });
  });

  it("refuses an interest for a lead in no campaign, naming interest, and empty changes; another workspace's is a 404", async () => {
    const { actor } = await inboxWorkspace();
    const seed = await emailConversationSeed(actor);
    const { id } = await seed.conversation();
    await expect(updateConversation(actor, id, {} as never)).rejects.toMatchObject({ code: "invalid-input" });
    await db.conversation.update({ where: { id }, data: { campaignLeadId: null } });
    await expect(updateConversation(actor, id, { interest: "neutral" })).rejects.toMatchObject({ code: "invalid-input", details: { fields: [{ field: "interest" }] } });
    const other = await createTestWorkspace();
    await expect(updateConversation(other.actor, id, { unread: false })).rejects.toMatchObject({ code: "not-found" });
  });
});

describe("acting on a conversation's lead", () => {
  it("pauses, resumes and stops the lead with the campaign's events; another workspace's lead is a 404", async () => {
    const { actor, workspace } = await inboxWorkspace();
    const seed = await emailConversationSeed(actor);
    expect(await actOnConversationLead(actor, seed.campaignLead.id, "pause")).toMatchObject({ id: seed.campaignLead.id, status: "paused" });
    expect(await actOnConversationLead(actor, seed.campaignLead.id, "resume")).toMatchObject({ status: "pending" });
    expect(await actOnConversationLead(actor, seed.campaignLead.id, "stop")).toMatchObject({ status: "stopped" });
    await expect(actOnConversationLead(actor, seed.campaignLead.id, "pause")).rejects.toMatchObject({ code: "lead-finished" });
    expect((await outboxEvents(workspace.id, "lead.status_changed")).map((event) => event.data.newStatus)).toEqual(["paused", "stopped"]);
    const other = await createTestWorkspace();
    await expect(actOnConversationLead(other.actor, seed.campaignLead.id, "stop")).rejects.toMatchObject({ code: "not-found" });
  });
});
