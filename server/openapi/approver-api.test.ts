// The approver role at the REST edge: a key acts with its creator's role of the request, so a key made
// while its creator was a member obeys the approver's reach once they are made one — the pending
// approvals and the conversations, and 403 `forbidden` for everything else, before its input is read.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import type { Actor } from "@/server/lib/actor";
import { APPROVER_DENIED_MESSAGE } from "@/server/lib/approver-access";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { updateMemberRole } from "@/server/services/members/update-member-role";
import { approvalCampaign, approvalSender, seedPendingComment, seedPendingVoiceNote, useTemporaryFileStorage } from "@/server/test/approvals-seed";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestUser, createTestWorkspace } from "@/server/test/factories";
import { emailConversationSeed, inboxWorkspace, receivedEmail } from "@/server/test/inbox-seed";

beforeEach(() => useTemporaryFileStorage());
afterEach(() => setClock(systemClock));

/** An owner's workspace with a conversation, and a member who made an API key there. */
async function workspaceWithMemberKey() {
  setClock(new ManualClock("2026-03-02T09:00:00Z"));
  const owner = await inboxWorkspace();
  const seed = await emailConversationSeed(owner.actor);
  await receivedEmail(seed.thread, { kind: "reply", text: "Sounds good", from: seed.lead.email!, root: seed.first.messageId, inReplyTo: seed.first.messageId });
  const conversationId = (await seed.conversation()).id;
  const user = await createTestUser({ name: "Avery Approver" });
  const membership = await db.membership.create({ data: { workspaceId: owner.actor.workspaceId, userId: user.id, role: "member" } });
  const member: Actor = { userId: user.id, workspaceId: owner.actor.workspaceId, role: "member", canManageBilling: false };
  const { key } = await createTestApiKey(member, "Avery's key");
  return { owner, member, membership, key, conversationId };
}

describe("an approver's API key", () => {
  it("reaches the conversations and the approval queues, and nothing else, from the moment its creator is made an approver", async () => {
    const { owner, membership, key, conversationId } = await workspaceWithMemberKey();
    expect((await callApi("GET", "/campaigns", { key })).status).toBe(200);

    await updateMemberRole(owner.actor, { memberId: membership.id, role: "approver" });

    const list = await callApi("GET", "/conversations", { key });
    expect(list.status).toBe(200);
    expect(list.body!.data.map((conversation: { id: string }) => conversation.id)).toEqual([conversationId]);
    expect((await callApi("GET", `/conversations/${conversationId}`, { key })).status).toBe(200);
    const reply = await callApi("POST", `/conversations/${conversationId}/messages`, { key, body: { text: "Glad to hear it" } });
    expect(reply.status).toBe(201);

    // The approval queues: listed and decided with the same key.
    const sender = await approvalSender(owner.actor);
    const campaign = await approvalCampaign(owner.actor);
    const comment = await seedPendingComment({ actor: owner.actor, campaign, sender });
    const voiceNote = await seedPendingVoiceNote({ actor: owner.actor, campaign, sender });
    const comments = await callApi("GET", "/pending-comments", { key });
    expect(comments.status).toBe(200);
    expect(comments.body!.data.map((draft: { id: string }) => draft.id)).toEqual([comment.draft.id]);
    const id = comment.draft.id;
    expect(await callApi("POST", `/pending-comments/${id}/approve`, { key })).toMatchObject({ status: 200, body: { data: { status: "approved" } } });
    const noteId = voiceNote.draft.id;
    expect((await callApi("GET", `/pending-voice-notes/${noteId}`, { key })).status).toBe(200);
    expect(await callApi("POST", `/pending-voice-notes/${noteId}/reject`, { key })).toMatchObject({ status: 200, body: { data: { status: "rejected" } } });

    const refused = [
      await callApi("GET", "/workspace", { key }),
      await callApi("GET", "/campaigns", { key }),
      await callApi("GET", "/accounts", { key }),
      await callApi("GET", "/credits/ledger", { key }),
      await callApi("GET", "/webhooks", { key }),
      // Refused before its input is read: no 400 telling an approver what a webhook needs.
      await callApi("POST", "/webhooks", { key, body: { url: "not a url" } }),
    ];
    for (const answer of refused) {
      expect(answer).toMatchObject({ status: 403, body: { error: { code: "forbidden", message: APPROVER_DENIED_MESSAGE } } });
    }
    expect(await db.webhookEndpoint.count({ where: { workspaceId: owner.actor.workspaceId } })).toBe(0);

    // Made a member again, the same key works as before.
    await updateMemberRole(owner.actor, { memberId: membership.id, role: "member" });
    expect((await callApi("GET", "/campaigns", { key })).status).toBe(200);
  });

  it("holds its creator to the role they have in the workspace X-Herald-Workspace names", async () => {
    const { member, key } = await workspaceWithMemberKey();
    const other = await createTestWorkspace({ name: "Other workspace" });
    await db.membership.create({ data: { workspaceId: other.workspace.id, userId: member.userId, role: "approver" } });

    expect((await callApi("GET", "/workspace", { key })).status).toBe(200);
    const there = await callApi("GET", "/workspace", { key, headers: { "x-herald-workspace": other.workspace.id } });
    expect(there).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
  });
});
