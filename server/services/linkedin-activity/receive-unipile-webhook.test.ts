// Unipile's new-message webhooks end to end: a lead writing in a chat Herald never started, and the
// sender answering on LinkedIn itself, land in the inbox once, with their events.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { resetEnv } from "../../env";
import { setLinkedinProvider } from "../../providers/linkedin";
import { MEMBER_ID, OTHER_MEMBER_ID, OWN_MEMBER_ID, messageReceivedWebhook } from "../../test/fakes/unipile/fixtures";
import { withFakeUnipile } from "../../test/fakes/unipile/harness";
import { outboxEvents } from "../../test/factories";
import { receiveUnipileWebhook } from "./receive-unipile-webhook";
import { connectUnipileSenderWithLead } from "../../test/unipile-sender";

const SECRET = "unipile-webhook-secret";
const h = withFakeUnipile();
const previousSecret = process.env.UNIPILE_WEBHOOK_SECRET;
const authenticated = new Headers({ "Unipile-Auth": SECRET, "content-type": "application/json" });

beforeAll(() => {
  process.env.UNIPILE_WEBHOOK_SECRET = SECRET;
  resetEnv();
});
afterAll(() => {
  if (previousSecret === undefined) delete process.env.UNIPILE_WEBHOOK_SECRET;
  else process.env.UNIPILE_WEBHOOK_SECRET = previousSecret;
  resetEnv();
});
afterEach(() => setLinkedinProvider(undefined));

const CHAT = "chat-started-on-linkedin";
const fromLead = { ...messageReceivedWebhook, chat_id: CHAT, message_id: "wh-lead-1", message: "Saw your profile, let's talk", timestamp: "2026-01-05T11:00:00.000Z" };
const fromSender = {
  ...messageReceivedWebhook,
  chat_id: CHAT,
  message_id: "wh-own-1",
  message: "Sure, Thursday?",
  timestamp: "2026-01-05T11:05:00.000Z",
  sender: { ...messageReceivedWebhook.sender, attendee_name: "Julien Crepieux", attendee_provider_id: OWN_MEMBER_ID },
  attendees: [{ attendee_id: "b", attendee_name: "Jane Doe", attendee_provider_id: MEMBER_ID }],
};

describe("receiveUnipileWebhook with new messages", () => {
  it("stores a lead's message in a chat Herald did not start, and the sender's answer written on LinkedIn, each once with its event", async () => {
    const { workspace, senderId, lead } = await connectUnipileSenderWithLead(h);
    expect(await receiveUnipileWebhook(new Headers(), fromLead)).toEqual({ authenticated: false, accepted: 0 });

    expect(await receiveUnipileWebhook(authenticated, fromLead)).toEqual({ authenticated: true, accepted: 1 });
    expect(await receiveUnipileWebhook(authenticated, fromSender)).toEqual({ authenticated: true, accepted: 1 });
    // Unipile delivers at least once: the same webhook again changes nothing.
    await receiveUnipileWebhook(authenticated, fromSender);
    await receiveUnipileWebhook(authenticated, fromLead);

    const stored = await db.linkedinMessage.findMany({ where: { chatId: CHAT }, orderBy: { at: "asc" } });
    expect(stored.map(({ leadId, accountId, direction, source, text }) => ({ leadId, accountId, direction, source, text }))).toEqual([
      { leadId: lead.id, accountId: senderId, direction: "inbound", source: "direct", text: "Saw your profile, let's talk" },
      { leadId: lead.id, accountId: senderId, direction: "outbound", source: "manual", text: "Sure, Thursday?" },
    ]);
    expect((await outboxEvents(workspace.id, "message.received")).map((event) => event.data)).toEqual([
      expect.objectContaining({ source: "direct", chatId: CHAT, leadId: lead.id, message: { text: "Saw your profile, let's talk", at: "2026-01-05T11:00:00.000Z" } }),
    ]);
    expect((await outboxEvents(workspace.id, "message.sent")).map((event) => event.data)).toEqual([
      expect.objectContaining({ source: "manual", chatId: CHAT, leadId: lead.id, message: { text: "Sure, Thursday?", at: "2026-01-05T11:05:00.000Z" } }),
    ]);
    const conversation = await db.conversation.findUniqueOrThrow({ where: { workspaceId_chatId: { workspaceId: workspace.id, chatId: CHAT } } });
    expect(conversation).toMatchObject({ channel: "linkedin", accountId: senderId, leadId: lead.id, messageCount: 2, inboundCount: 1, unread: true, lastDirection: "outbound" });
  });

  it("skips a message from someone who is not a lead", async () => {
    const { workspace } = await connectUnipileSenderWithLead(h);
    const stranger = { ...fromLead, chat_id: "chat-with-stranger", message_id: "wh-stranger-1", sender: { ...fromLead.sender, attendee_provider_id: OTHER_MEMBER_ID } };
    expect(await receiveUnipileWebhook(authenticated, stranger)).toEqual({ authenticated: true, accepted: 1 });
    expect(await db.linkedinMessage.count({ where: { chatId: "chat-with-stranger" } })).toBe(0);
    expect(await outboxEvents(workspace.id, "message.received")).toEqual([]);
  });
});
