// Removing a mailbox removes it "with its threads" (spec): its e-mail conversations leave the inbox
// with their messages, so none of the removed mail stays readable and no count disagrees with what
// is left. The workspace's other conversations stay as they were.
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey } from "@/server/test/factories";
import { emailConversationSeed, inboxWorkspace, linkedinConversationSeed, receivedEmail } from "@/server/test/inbox-seed";

afterEach(() => setClock(systemClock));

describe("a removed mailbox's conversations", () => {
  it("leave the inbox with their messages: the list, the unread count, the conversation, and replies to it", async () => {
    const clock = new ManualClock("2026-03-02T09:00:00Z");
    setClock(clock);
    const context = await inboxWorkspace();
    const { key } = await createTestApiKey(context.actor);
    const email = await emailConversationSeed(context.actor);
    clock.advance(60_000);
    await receivedEmail(email.thread, { kind: "reply", text: "Secret pricing details", from: email.lead.email!, root: email.first.messageId, inReplyTo: email.first.messageId });
    clock.advance(60_000);
    const linkedin = (await linkedinConversationSeed(context.actor, clock, { sent: "Hello on LinkedIn", reply: "Hi back" })).conversation;
    const emailId = (await email.conversation()).id;
    const before = await callApi("GET", "/conversations", { key });
    expect(before.body!.data.map((conversation: { id: string }) => conversation.id)).toEqual([linkedin.id, emailId]);

    const removed = await callApi("DELETE", `/email-accounts/${email.mailbox.id}`, { key });
    expect(removed.status).toBe(200);

    const after = await callApi("GET", "/conversations", { key });
    expect(after.body!.data.map((conversation: { id: string }) => conversation.id)).toEqual([linkedin.id]);
    expect(after.body!.unreadCount).toBe(1);
    expect(JSON.stringify(after.body)).not.toContain("Secret pricing details");
    const byMailbox = await callApi("GET", "/conversations", { key, query: { channel: "email" } });
    expect(byMailbox.body!.data).toEqual([]);
    const gone = await callApi("GET", `/conversations/${emailId}`, { key });
    expect(gone.status).toBe(404);
    const reply = await callApi("POST", `/conversations/${emailId}/messages`, { key, body: { text: "Still there?" } });
    expect(reply.status).toBe(404);
    const kept = await callApi("GET", `/conversations/${linkedin.id}`, { key });
    expect(kept.status).toBe(200);
    expect(kept.body!.data).toMatchObject({ id: linkedin.id, messageCount: 2 });
  });
});
