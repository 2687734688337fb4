// The dashboard's inbox procedures, under the names the Inbox section calls: the same services as
// the API for the signed-in workspace, the nav badge's unread count, and the lead's actions by
// campaign lead id.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Actor } from "../../lib/actor";
import { ManualClock, setClock, systemClock } from "../../lib/clock";
import { outboxEvents } from "../../test/factories";
import { emailConversationSeed, inboxWorkspace, receivedEmail } from "../../test/inbox-seed";
import { createCallerFactory } from "../init";
import { appRouter } from "../root";

const session: { actor: Actor | null } = { actor: null };
vi.mock("../../auth/dashboard-session", () => ({ getSessionUserId: async () => session.actor?.userId ?? null, getSessionActor: async () => session.actor }));

afterEach(() => setClock(systemClock));

describe("the inbox router", () => {
  it("lists, counts, reads, marks, answers a conversation and acts on its lead", async () => {
    setClock(new ManualClock("2026-03-02T09:00:00Z"));
    const { userId, actor, workspace } = await inboxWorkspace();
    session.actor = actor;
    const caller = createCallerFactory(appRouter)({ userId, clientAddress: "198.51.100.7" });
    const seed = await emailConversationSeed(actor);
    await receivedEmail(seed.thread, { kind: "reply", text: "Yes", from: seed.lead.email!, root: seed.first.messageId, inReplyTo: seed.first.messageId });
    const { id } = await seed.conversation();

    expect(await caller.inbox.unreadCount()).toEqual({ unreadCount: 1 });
    const page = await caller.inbox.list({ unread: true, limit: 10 });
    expect(page).toMatchObject({ data: [{ id, unread: true }], unreadCount: 1, paging: { limit: 10, nextCursor: null } });
    expect((await caller.inbox.get({ id })).messages).toHaveLength(2);
    expect(await caller.inbox.update({ id, changes: { interest: "neutral" } })).toMatchObject({ interest: "neutral" });
    expect(await caller.inbox.reply({ id, text: "Thanks" })).toMatchObject({ direction: "outbound", source: "manual", status: "sent" });
    expect(await caller.inbox.unreadCount()).toEqual({ unreadCount: 0 });

    expect(await caller.inbox.pauseLead({ campaignLeadId: seed.campaignLead.id })).toMatchObject({ status: "paused" });
    expect(await caller.inbox.resumeLead({ campaignLeadId: seed.campaignLead.id })).toMatchObject({ status: "pending" });
    expect(await caller.inbox.stopLead({ campaignLeadId: seed.campaignLead.id })).toMatchObject({ status: "stopped" });
    // One moment on the test's clock: the events' order among themselves is not asserted.
    expect((await outboxEvents(workspace.id)).map((event) => event.event).sort()).toEqual(["campaign.finished", "email.sent", "lead.status_changed", "lead.status_changed"]);

    await expect(caller.inbox.list({ cursor: "nope" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(caller.inbox.get({ id: "cnv_missing" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
