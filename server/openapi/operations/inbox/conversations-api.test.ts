// The inbox over the API with an API key: list (filters from the query string, cursor paging, a bad
// cursor a 400 naming it), get, PATCH, and POST a reply (201, Idempotency-Key replays it without
// sending twice), each scoped to the key's workspace.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace, outboxEvents } from "@/server/test/factories";
import { emailConversationSeed, inboxWorkspace, linkedinConversationSeed, receivedEmail } from "@/server/test/inbox-seed";

afterEach(() => setClock(systemClock));

async function inboxWithKey() {
  const clock = new ManualClock("2026-03-02T09:00:00Z");
  setClock(clock);
  const context = await inboxWorkspace();
  const { key } = await createTestApiKey(context.actor);
  const email = await emailConversationSeed(context.actor);
  clock.advance(60_000);
  await receivedEmail(email.thread, { kind: "reply", text: "Interested", from: email.lead.email!, root: email.first.messageId, inReplyTo: email.first.messageId });
  clock.advance(60_000);
  const linkedinId = (await linkedinConversationSeed(context.actor, clock, { sent: "Hello on LinkedIn", reply: "Hi back" })).conversation.id;
  const emailId = (await email.conversation()).id;
  return { ...context, key, email, emailId, linkedinId, clock };
}

describe("the conversations API", () => {
  it("lists with filters and cursor paging, and refuses a bad cursor or filter naming it", async () => {
    const { key, emailId, linkedinId } = await inboxWithKey();
    const all = await callApi("GET", "/conversations", { key });
    expect(all.status).toBe(200);
    expect(all.body!.data.map((conversation: { id: string }) => conversation.id)).toEqual([linkedinId, emailId]);
    expect(all.body).toMatchObject({ paging: { limit: 25, nextCursor: null }, unreadCount: 2 });

    const first = await callApi("GET", "/conversations", { key, query: { limit: 1, unread: "true" } });
    expect(first.body!.data.map((conversation: { id: string }) => conversation.id)).toEqual([linkedinId]);
    const second = await callApi("GET", "/conversations", { key, query: { limit: 1, unread: "true", cursor: first.body!.paging.nextCursor } });
    expect(second.body!.data.map((conversation: { id: string }) => conversation.id)).toEqual([emailId]);
    expect(second.body!.paging.nextCursor).toBeNull();
    const email = await callApi("GET", "/conversations", { key, query: { channel: "email", search: "ada" } });
    expect(email.body!.data.map((conversation: { id: string }) => conversation.id)).toEqual([emailId]);

    for (const [name, value] of [["cursor", "garbage!"], ["channel", "fax"], ["unread", "yes"], ["limit", "500"], ["interest", "keen"]] as const) {
      const bad = await callApi("GET", "/conversations", { key, query: { [name]: value } });
      expect(bad.status, name).toBe(400);
      expect(bad.body!.error.details.fields.map((field: { field: string }) => field.field)).toContain(name);
    }
  });

  it("reads and updates a conversation; another workspace's key gets a 404", async () => {
    const { key, emailId, email } = await inboxWithKey();
    const read = await callApi("GET", `/conversations/${emailId}`, { key });
    expect(read.status).toBe(200);
    expect(read.body!.data).toMatchObject({ id: emailId, channel: "email", unread: true, canReply: true, campaignLead: { id: email.campaignLead.id } });
    expect(read.body!.data.messages.map((message: { text: string }) => message.text)).toEqual(["Hi Ada", "Interested"]);

    const patched = await callApi("PATCH", `/conversations/${emailId}`, { key, body: { unread: false, interest: "interested" } });
    expect(patched.status).toBe(200);
    expect(patched.body!.data).toMatchObject({ unread: false, interest: "interested" });
    const empty = await callApi("PATCH", `/conversations/${emailId}`, { key, body: {} });
    expect(empty.status).toBe(400);
    const wrong = await callApi("PATCH", `/conversations/${emailId}`, { key, body: { interest: "very" } });
    expect(wrong.body!.error.details.fields[0].field).toBe("interest");

    const other = await createTestWorkspace();
    const { key: otherKey } = await createTestApiKey(other.actor);
    expect((await callApi("GET", `/conversations/${emailId}`, { key: otherKey })).status).toBe(404);
    expect((await callApi("POST", `/conversations/${emailId}/messages`, { key: otherKey, body: { text: "Hi" } })).status).toBe(404);
    expect((await callApi("GET", "/conversations", { key: otherKey })).body!.data).toEqual([]);
  });

  it("replies with 201 on both channels, and replays a reply for the same Idempotency-Key without sending it again", async () => {
    const { key, workspace, emailId, linkedinId } = await inboxWithKey();
    const headers = { "Idempotency-Key": "reply-1" };
    const sent = await callApi("POST", `/conversations/${emailId}/messages`, { key, body: { text: "Thanks!" }, headers });
    expect(sent.status).toBe(201);
    expect(sent.body!.data).toMatchObject({ direction: "outbound", source: "manual", status: "sent", subject: "Re: Quick question" });
    const again = await callApi("POST", `/conversations/${emailId}/messages`, { key, body: { text: "Thanks!" }, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(sent.body);
    expect(await db.emailMessage.count({ where: { workspaceId: workspace.id, source: "manual" } })).toBe(1);

    const linkedin = await callApi("POST", `/conversations/${linkedinId}/messages`, { key, body: { text: "Great to hear" } });
    expect(linkedin.status).toBe(201);
    expect(linkedin.body!.data).toMatchObject({ direction: "outbound", source: "manual", kind: "message", text: "Great to hear" });
    expect((await outboxEvents(workspace.id, "email.sent")).map((event) => event.data.source)).toEqual(["manual"]);
    expect((await outboxEvents(workspace.id, "message.sent")).map((event) => event.data.source)).toEqual(["campaign", "manual"]);

    const blank = await callApi("POST", `/conversations/${linkedinId}/messages`, { key, body: { text: "   " } });
    expect(blank.status).toBe(400);
    expect(blank.body!.error.details.fields[0]).toEqual({ field: "text", message: "must not be empty" });
  });
});
