// Reading a sandbox sender's chats into Herald: what happened on the network before the first read
// (the sender writing to a lead outside Herald, the lead answering, someone who is not a lead
// writing) is stored as history without events; a later answer fires message.received.
import { afterEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { getLinkedinProvider } from "@/server/providers/linkedin";
import { acceptInvitationAsProspect, replyAsProspect } from "@/server/providers/linkedin/sandbox/network-activity";
import { sandboxDirectory } from "@/server/providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { ZConnectSenderInput } from "@/server/schemas/sender";
import { createTestWorkspace, outboxEvents } from "@/server/test/factories";
import { upsertLeadFromProfile } from "../leads/upsert-lead-from-profile";
import { connectSender } from "../senders/connect-sender";
import { syncSenderConversations } from "./sync-sender-conversations";

afterEach(() => setClock(systemClock));

it("backfills a sandbox sender's chats with leads as history, then fires events only for what came after", async () => {
  const clock = new ManualClock("2026-03-02T09:00:00Z");
  setClock(clock);
  await ensureSandboxDirectory();
  const { actor, workspace } = await createTestWorkspace();
  const { account } = await connectSender(actor, ZConnectSenderInput.parse({ username: "conversation-sync@example.com", password: "x" }), { via: "api" });
  const sender = await db.linkedinAccount.findUniqueOrThrow({ where: { id: account.id } });
  const provider = await getLinkedinProvider();
  const [prospect, stranger] = sandboxDirectory().slice(200, 202);
  const lead = await upsertLeadFromProfile(workspace.id, await provider.getProfile(sender.providerAccountId, prospect!.publicIdentifier), "api");

  // Before Herald reads anything: the sender connects with the lead and writes to them outside
  // Herald, the lead answers, and someone who is no lead writes to the sender.
  const invitation = await provider.sendInvitation(sender.providerAccountId, { memberId: prospect!.id });
  await acceptInvitationAsProspect(invitation.invitationId);
  await provider.sendMessage(sender.providerAccountId, { memberId: prospect!.id, text: "Hello from LinkedIn" });
  clock.advance(60_000);
  await replyAsProspect({ prospectMemberId: prospect!.id, senderMemberId: sender.memberId!, text: "Hi, glad to connect" });
  await replyAsProspect({ prospectMemberId: stranger!.id, senderMemberId: sender.memberId!, text: "Are you hiring?" });
  clock.advance(5 * 60_000);

  expect(await syncSenderConversations(sender.id)).toMatchObject({ state: "synced", history: true, chats: 1, skippedChats: 1, stored: 2 });
  const stored = await db.linkedinMessage.findMany({ where: { accountId: sender.id }, orderBy: { at: "asc" } });
  expect(stored.map(({ leadId, direction, source, text }) => ({ leadId, direction, source, text }))).toEqual([
    { leadId: lead.id, direction: "outbound", source: "manual", text: "Hello from LinkedIn" },
    { leadId: lead.id, direction: "inbound", source: "direct", text: "Hi, glad to connect" },
  ]);
  expect(await outboxEvents(workspace.id, "message.sent")).toEqual([]);
  expect(await outboxEvents(workspace.id, "message.received")).toEqual([]);
  const conversation = await db.conversation.findUniqueOrThrow({ where: { workspaceId_chatId: { workspaceId: workspace.id, chatId: stored[0]!.chatId } } });
  expect(conversation).toMatchObject({ leadId: lead.id, accountId: sender.id, messageCount: 2, unread: false });

  // A second read stores nothing twice.
  clock.advance(60_000);
  expect(await syncSenderConversations(sender.id)).toMatchObject({ state: "synced", history: false, stored: 0 });

  // The lead answers again and the sandbox's push is lost: the next read catches it up, with its event.
  clock.advance(15 * 60_000);
  await replyAsProspect({ prospectMemberId: prospect!.id, senderMemberId: sender.memberId!, text: "Next week works" });
  clock.advance(60_000);
  expect(await syncSenderConversations(sender.id)).toMatchObject({ state: "synced", history: false, chats: 1, skippedChats: 1, stored: 1 });
  const received = await outboxEvents(workspace.id, "message.received");
  expect(received.map((event) => event.data)).toEqual([expect.objectContaining({ leadId: lead.id, accountId: sender.id, message: expect.objectContaining({ text: "Next week works" }) })]);
  expect(await db.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).toMatchObject({ messageCount: 3, unread: true });
});
