// Comment, AI voice note and recorded voice note steps through the executor on the sandbox network,
// with a manual clock: drafts made on the sender's turn and paid through the ledger, the approvals
// queue's events, and what approving or rejecting does to the lead and on the network.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { getFileStorage } from "@/server/providers/storage";
import { setTextGenerator } from "@/server/providers/ai";
import { offlineTextGenerator } from "@/server/providers/ai/offline-text-generator";
import type { TSequenceInput } from "@/server/schemas/sequence";
import { approvePendingComment } from "@/server/services/approvals/approve-pending-comment";
import { approvePendingVoiceNote } from "@/server/services/approvals/approve-pending-voice-note";
import { rejectPendingComment } from "@/server/services/approvals/reject-pending-comment";
import { rejectPendingVoiceNote } from "@/server/services/approvals/reject-pending-voice-note";
import { silentWav } from "@/server/test/approvals-seed";
import { COMMENT_THEN_VISIT, directory, drive, HOUR, ledger, prospects, restoreProvidersAfterEach, setup, VOICE_THEN_BUMP } from "@/server/test/drafted-steps";
import { addTestCredits, outboxEvents } from "@/server/test/factories";
import { NO_RECENT_POST } from "../../../domain/sequence/decide-step";
import { linkedinConversationMessage } from "../../inbox/conversation-messages";

let recordings: Server;
let recordingUrl = "";
beforeAll(async () => {
  recordings = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "audio/wav" });
    response.end(silentWav(1500));
  });
  await new Promise<void>((resolve) => recordings.listen(0, "127.0.0.1", resolve));
  recordingUrl = `http://127.0.0.1:${(recordings.address() as AddressInfo).port}/hello.wav`;
});
afterAll(() => new Promise<void>((resolve) => recordings.close(() => resolve())));
restoreProvidersAfterEach();

describe("comment steps", () => {
  it("drafts a comment per lead with a recent post, skips those without, and posts the approved one while the rejected lead moves on", async () => {
    const posting = await prospects(2, 0, true);
    const silent = await prospects(1, 0, false);
    const { clock, actor, workspace, memberOfSender, campaign, leadOf } = await setup({ label: "comment-queue", sequence: COMMENT_THEN_VISIT, prospects: [...posting, ...silent], credits: 10 });
    await drive(clock, 1);

    const quiet = await leadOf(silent[0]!);
    const skipped = await db.campaignLeadStep.findUniqueOrThrow({ where: { campaignLeadId_stepId: { campaignLeadId: quiet.id, stepId: "comment" } } });
    expect(skipped).toMatchObject({ status: "skipped", outcome: null, detail: NO_RECENT_POST });
    expect(quiet.currentStepId).toBe("visit");

    const drafts = await db.pendingComment.findMany({ where: { campaignId: campaign.id }, orderBy: { createdAt: "asc" } });
    expect(drafts).toHaveLength(2);
    for (const draft of drafts) {
      expect(draft).toMatchObject({ status: "pending", prompt: "Say something kind about the post", generations: 1 });
      expect(draft.comment.length).toBeGreaterThan(0);
      const post = await db.sandboxPost.findUniqueOrThrow({ where: { id: draft.postId } });
      expect(draft.postText).toBe(post.text);
      const lead = await db.campaignLead.findUniqueOrThrow({ where: { id: draft.campaignLeadId } });
      expect(lead).toMatchObject({ phase: "approval", waitUntil: null, currentStepId: "comment", status: "running" });
    }
    // Nothing was posted, nothing counted against a cap, and each draft cost one credit.
    expect(await db.sandboxInteraction.count({ where: { memberId: memberOfSender, kind: "comment" } })).toBe(0);
    expect(await db.senderAction.count({ where: { campaignLeadId: { in: drafts.map((draft) => draft.campaignLeadId) } } })).toBe(0);
    expect((await ledger(workspace.id)).map((entry) => [entry.reason, entry.amount])).toEqual([["comment-draft", -1], ["comment-draft", -1]]);
    const events = await outboxEvents(workspace.id, "comment.pending");
    expect(events.map((event) => event.data)).toEqual(
      drafts.map((draft) => ({ campaignLeadId: draft.campaignLeadId, campaignId: campaign.id, leadId: draft.leadId, pendingCommentId: draft.id, postUrl: draft.postUrl, comment: draft.comment })),
    );

    const [kept, dropped] = drafts as [(typeof drafts)[number], (typeof drafts)[number]];
    await approvePendingComment(actor, kept.id, { comment: "Great point about the roadmap." });
    await rejectPendingComment(actor, dropped.id);
    await drive(clock, 3);

    const posted = await db.sandboxInteraction.findMany({ where: { memberId: memberOfSender, kind: "comment" } });
    expect(posted).toEqual([expect.objectContaining({ postId: kept.postId, text: "Great point about the roadmap." })]);
    expect(await db.pendingComment.findUniqueOrThrow({ where: { id: kept.id } })).toMatchObject({ status: "sent", providerRef: posted[0]!.id });
    const keptSteps = await db.campaignLeadStep.findMany({ where: { campaignLeadId: kept.campaignLeadId }, orderBy: { startedAt: "asc" } });
    expect(keptSteps.map((step) => [step.stepId, step.status])).toEqual([["comment", "done"], ["visit", "done"]]);
    const droppedSteps = await db.campaignLeadStep.findMany({ where: { campaignLeadId: dropped.campaignLeadId }, orderBy: { startedAt: "asc" } });
    expect(droppedSteps.map((step) => [step.stepId, step.status, step.detail])).toEqual([["comment", "skipped", "Comment rejected"], ["visit", "done", null]]);
    expect(await db.pendingComment.findUniqueOrThrow({ where: { id: dropped.id } })).toMatchObject({ status: "rejected" });
    // The comment counted against the comments cap, once.
    expect(await db.senderAction.count({ where: { type: "comment", campaignLeadId: kept.campaignLeadId, status: "done" } })).toBe(1);
  }, 60_000);

  it("posts at once when the campaign does not ask for approval", async () => {
    const posting = await prospects(1, 20, true);
    const { clock, workspace, memberOfSender, campaign, leadOf } = await setup({ label: "comment-direct", sequence: COMMENT_THEN_VISIT, prospects: posting, approvals: { comments: false }, credits: 3 });
    await drive(clock, 2);
    expect(await db.pendingComment.count({ where: { campaignId: campaign.id } })).toBe(0);
    const posted = await db.sandboxInteraction.findMany({ where: { memberId: memberOfSender, kind: "comment" } });
    expect(posted).toHaveLength(1);
    expect(posted[0]!.text?.length).toBeGreaterThan(0);
    const lead = await leadOf(posting[0]!);
    const steps = await db.campaignLeadStep.findMany({ where: { campaignLeadId: lead.id }, orderBy: { startedAt: "asc" } });
    expect(steps.map((step) => [step.stepId, step.status])).toEqual([["comment", "done"], ["visit", "done"]]);
    expect(steps[1]!.startedAt.getTime() - steps[0]!.startedAt.getTime()).toBeGreaterThanOrEqual(HOUR);
    expect((await ledger(workspace.id)).map((entry) => [entry.reason, entry.amount])).toEqual([["comment-draft", -1]]);
  }, 60_000);

  it("leaves the lead waiting an hour, with nothing drafted, while the workspace has no credits", async () => {
    const posting = await prospects(1, 40, true);
    const { clock, actor, workspace, campaign, leadOf } = await setup({ label: "comment-broke", sequence: COMMENT_THEN_VISIT, prospects: posting });
    await drive(clock, 0.5);
    const waiting = await leadOf(posting[0]!);
    expect(waiting).toMatchObject({ phase: "ready", currentStepId: "comment" });
    expect(waiting.waitUntil!.getTime()).toBeGreaterThan(clock.now().getTime());
    expect(await db.pendingComment.count({ where: { campaignId: campaign.id } })).toBe(0);
    expect(await ledger(workspace.id)).toEqual([]);
    // The sender did not rest for it: its turn was not used.
    expect(await outboxEvents(workspace.id, "comment.pending")).toEqual([]);

    await addTestCredits(actor.workspaceId, 1, "top-up");
    await drive(clock, 1.5);
    expect(await db.pendingComment.count({ where: { campaignId: campaign.id, status: "pending" } })).toBe(1);
    expect((await db.workspace.findUniqueOrThrow({ where: { id: workspace.id } })).aiCreditBalance).toBe(0);
  }, 60_000);

  it("tries again ten minutes later, with its credit given back, when the AI model fails to draft", async () => {
    const posting = await prospects(1, 140, true);
    const { clock, workspace, campaign, leadOf } = await setup({ label: "comment-model-down", sequence: COMMENT_THEN_VISIT, prospects: posting, credits: 3 });
    setTextGenerator({ ...offlineTextGenerator, name: "down", draftComment: () => Promise.reject(new Error("model unavailable")) });
    await drive(clock, 0.1);
    const waiting = await leadOf(posting[0]!);
    const tried = (await ledger(workspace.id))[0]!.createdAt.getTime();
    expect(waiting).toMatchObject({ phase: "ready", currentStepId: "comment" });
    expect(waiting.waitUntil!.getTime()).toBe(tried + 10 * 60_000);
    expect((await ledger(workspace.id)).map((entry) => [entry.reason, entry.amount])).toEqual([["comment-draft", -1], ["refund", 1]]);
    expect(await db.pendingComment.count({ where: { campaignId: campaign.id } })).toBe(0);
    setTextGenerator(undefined);
    await drive(clock, 1);
    expect(await db.pendingComment.count({ where: { campaignId: campaign.id, status: "pending" } })).toBe(1);
  }, 60_000);
});

describe("AI voice note steps", () => {
  it("speaks a note per connected lead for approval; the approved one reaches the prospect with its audio and waits for a reply, the rejected lead takes the no-reply branch at once", async () => {
    const leads = directory.slice(60, 62);
    const { clock, actor, workspace, memberOfSender, campaign } = await setup({ label: "voice-queue", sequence: VOICE_THEN_BUMP, prospects: leads, credits: 10, connected: true });
    await drive(clock, 1);

    const notes = await db.pendingVoiceNote.findMany({ where: { campaignId: campaign.id }, orderBy: { createdAt: "asc" } });
    expect(notes).toHaveLength(2);
    for (const note of notes) {
      const lead = await db.campaignLead.findUniqueOrThrow({ where: { id: note.campaignLeadId }, include: { lead: true } });
      expect(note).toMatchObject({ kind: "ai", status: "pending", script: `Hi ${lead.lead.firstName}, a quick word about ${lead.lead.company}` });
      expect(note.durationMs).toBeGreaterThan(500);
      expect((await getFileStorage().get(note.audioKey))?.body.subarray(0, 4).toString()).toBe("RIFF");
      expect(lead).toMatchObject({ phase: "approval", waitUntil: null });
    }
    expect((await ledger(workspace.id)).map((entry) => [entry.reason, entry.amount])).toEqual([["voice-note", -2], ["voice-note", -2]]);
    const events = await outboxEvents(workspace.id, "voice_note.pending");
    expect(events.map((event) => event.data)).toEqual(
      notes.map((note) => ({ campaignLeadId: note.campaignLeadId, campaignId: campaign.id, leadId: note.leadId, pendingVoiceNoteId: note.id, script: note.script, durationMs: note.durationMs })),
    );
    expect(await db.sandboxMessage.count({ where: { fromMemberId: memberOfSender } })).toBe(0);

    const [kept, dropped] = notes as [(typeof notes)[number], (typeof notes)[number]];
    await rejectPendingVoiceNote(actor, dropped.id);
    const rejectedAt = clock.now();
    const droppedLead = await db.campaignLead.findUniqueOrThrow({ where: { id: dropped.campaignLeadId } });
    expect(droppedLead).toMatchObject({ currentStepId: "bump", phase: "ready", waitUntil: rejectedAt });
    expect(await db.campaignLeadStep.findUniqueOrThrow({ where: { campaignLeadId_stepId: { campaignLeadId: dropped.campaignLeadId, stepId: "voice" } } })).toMatchObject({
      status: "skipped",
      outcome: "no",
      detail: "Voice note rejected",
    });

    await approvePendingVoiceNote(actor, kept.id);
    await drive(clock, 1);
    const delivered = await db.sandboxMessage.findMany({ where: { fromMemberId: memberOfSender, kind: "voice_note" } });
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ text: "", audioMimeType: "audio/wav" });
    const heard = await getFileStorage().get(delivered[0]!.audioKey!);
    expect(heard?.body.equals((await getFileStorage().get(kept.audioKey))!.body)).toBe(true);
    expect(await db.pendingVoiceNote.findUniqueOrThrow({ where: { id: kept.id } })).toMatchObject({ status: "sent", providerRef: delivered[0]!.id });
    const keptLead = await db.campaignLead.findUniqueOrThrow({ where: { id: kept.campaignLeadId } });
    const sentAt = (await db.senderAction.findFirstOrThrow({ where: { campaignLeadId: kept.campaignLeadId, type: "voice_note" } })).sentAt!;
    expect(keptLead).toMatchObject({ phase: "waiting", currentStepId: "voice", contacted: true });
    expect(keptLead.waitUntil!.getTime()).toBe(sentAt.getTime() + 24 * HOUR);
    // The inbox plays what was sent: the approved draft's own audio.
    const [sentMessage] = await db.linkedinMessage.findMany({ where: { leadId: keptLead.leadId, direction: "outbound" } });
    expect(sentMessage).toMatchObject({ text: "", voice: { audioKey: kept.audioKey, mimeType: kept.audioMimeType, durationMs: kept.durationMs } });
    expect(linkedinConversationMessage(sentMessage!).voiceNote).toMatchObject({ durationMs: kept.durationMs, audioUrl: expect.stringContaining(`/api/files/${kept.audioKey}?`) });
    // The rejected lead's no-reply branch ran without the note.
    expect(await db.campaignLeadStep.findUnique({ where: { campaignLeadId_stepId: { campaignLeadId: dropped.campaignLeadId, stepId: "bump" } } })).toMatchObject({ status: "done" });
  }, 90_000);
});

const RECORDED: (url: string) => TSequenceInput = (url) => ({ steps: [{ id: "recorded", type: "voice_note", config: { voice: { url } } }] });

describe("recorded voice note steps", () => {
  it("sends the recording at once when the campaign does not ask for approval, spending no credits", async () => {
    const leads = directory.slice(70, 71);
    const { clock, workspace, memberOfSender, campaign } = await setup({ label: "recorded-direct", sequence: RECORDED(recordingUrl), prospects: leads, connected: true });
    await drive(clock, 1);
    expect(await db.pendingVoiceNote.count({ where: { campaignId: campaign.id } })).toBe(0);
    const delivered = await db.sandboxMessage.findMany({ where: { fromMemberId: memberOfSender, kind: "voice_note" } });
    expect(delivered).toHaveLength(1);
    expect((await getFileStorage().get(delivered[0]!.audioKey!))?.body.equals(silentWav(1500))).toBe(true);
    expect(await ledger(workspace.id)).toEqual([]);
    // A recording fetched from the step's address is kept once sent, for the inbox's player.
    const sentMessage = await db.linkedinMessage.findFirstOrThrow({ where: { workspaceId: workspace.id, direction: "outbound" } });
    const voice = linkedinConversationMessage(sentMessage).voiceNote;
    expect(voice?.durationMs).toBe(1500);
    const key = decodeURIComponent(new URL(voice!.audioUrl).pathname.replace("/api/files/", ""));
    expect((await getFileStorage().get(key))?.body.equals(silentWav(1500))).toBe(true);
  }, 60_000);

  it("holds a copy of the recording for approval when the campaign asks for it", async () => {
    const leads = directory.slice(72, 73);
    const { clock, workspace, memberOfSender, campaign } = await setup({
      label: "recorded-held",
      sequence: RECORDED(recordingUrl),
      prospects: leads,
      connected: true,
      approvals: { recordedVoiceNotes: true },
    });
    await drive(clock, 1);
    const notes = await db.pendingVoiceNote.findMany({ where: { campaignId: campaign.id } });
    expect(notes).toEqual([expect.objectContaining({ kind: "recorded", status: "pending", script: null, audioMimeType: "audio/wav", durationMs: 1500 })]);
    expect((await getFileStorage().get(notes[0]!.audioKey))?.body.equals(silentWav(1500))).toBe(true);
    expect((await outboxEvents(workspace.id, "voice_note.pending")).map((event) => event.data)).toEqual([
      { campaignLeadId: notes[0]!.campaignLeadId, campaignId: campaign.id, leadId: notes[0]!.leadId, pendingVoiceNoteId: notes[0]!.id, script: null, durationMs: 1500 },
    ]);
    expect(await db.sandboxMessage.count({ where: { fromMemberId: memberOfSender } })).toBe(0);
    expect(await ledger(workspace.id)).toEqual([]);
  }, 60_000);
});
