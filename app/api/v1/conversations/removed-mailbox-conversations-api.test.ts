// Removing a mailbox removes it "with its threads" (spec): its e-mail conversations leave the inbox
// with their messages, so none of the removed mail stays readable and no count disagrees with what
// is left. The workspace's other conversations stay as they were.
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { callRoute } from "@/server/test/call-route";
import { createTestApiKey } from "@/server/test/factories";
import { emailConversationSeed, inboxWorkspace, linkedinConversationSeed, receivedEmail } from "@/server/test/inbox-seed";
import * as mailboxRoute from "../email-accounts/[id]/route";
import * as conversationRoute from "./[id]/route";
import * as messagesRoute from "./[id]/messages/route";
import * as conversationsRoute from "./route";

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
    const before = await callRoute(conversationsRoute.GET, "GET", "/conversations", { key });
    expect(before.body!.data.map((conversation: { id: string }) => conversation.id)).toEqual([linkedin.id, emailId]);

    const removed = await callRoute(mailboxRoute.DELETE, "DELETE", `/email-accounts/${email.mailbox.id}`, { key, params: { id: email.mailbox.id } });
    expect(removed.status).toBe(200);

    const after = await callRoute(conversationsRoute.GET, "GET", "/conversations", { key });
    expect(after.body!.data.map((conversation: { id: string }) => conversation.id)).toEqual([linkedin.id]);
    expect(after.body!.unreadCount).toBe(1);
    expect(JSON.stringify(after.body)).not.toContain("Secret pricing details");
    const byMailbox = await callRoute(conversationsRoute.GET, "GET", "/conversations", { key, query: { channel: "email" } });
    expect(byMailbox.body!.data).toEqual([]);
    const gone = await callRoute(conversationRoute.GET, "GET", `/conversations/${emailId}`, { key, params: { id: emailId } });
    expect(gone.status).toBe(404);
    const reply = await callRoute(messagesRoute.POST, "POST", `/conversations/${emailId}/messages`, { key, params: { id: emailId }, body: { text: "Still there?" } });
    expect(reply.status).toBe(404);
    const kept = await callRoute(conversationRoute.GET, "GET", `/conversations/${linkedin.id}`, { key, params: { id: linkedin.id } });
    expect(kept.status).toBe(200);
    expect(kept.body!.data).toMatchObject({ id: linkedin.id, messageCount: 2 });
  });
});
