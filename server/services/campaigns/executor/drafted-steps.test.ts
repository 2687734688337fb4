// Comment, AI voice note and recorded voice note steps through the executor on the sandbox network,
// with a manual clock: drafts made on the sender's turn and paid through the ledger, the approvals
// queue's events, and what approving or rejecting does to the lead and on the network.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import type { Actor } from "@/server/lib/actor";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory, sandboxProfileUrl, type DirectoryProspect } from "@/server/providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { getFileStorage } from "@/server/providers/storage";
import { getLinkedinProvider, setLinkedinProvider } from "@/server/providers/linkedin";
import { LinkedinProviderError } from "@/server/providers/linkedin/types";
import { draftCommentOffline } from "@/server/providers/ai/offline-text-generator";
import { setTextGenerator } from "@/server/providers/ai";
import { regeneratePendingComment } from "@/server/services/approvals/regenerate-pending-comment";
import type { TSequenceInput } from "@/server/schemas/sequence";
import type { TCampaignApprovals } from "@/server/schemas/approvals";
import { approvePendingComment } from "@/server/services/approvals/approve-pending-comment";
import { approvePendingVoiceNote } from "@/server/services/approvals/approve-pending-voice-note";
import { rejectPendingComment } from "@/server/services/approvals/reject-pending-comment";
import { rejectPendingVoiceNote } from "@/server/services/approvals/reject-pending-voice-note";
import { grantAiCredits } from "@/server/services/credits/grant-ai-credits";
import { connectSender } from "@/server/services/senders/connect-sender";
import { silentWav, useTemporaryFileStorage as temporaryFileStorage } from "@/server/test/approvals-seed";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { createTestWorkspace, outboxEvents } from "@/server/test/factories";
import { connectBeforehand } from "@/server/test/forecast-parity-campaigns";
import { addCampaignLeads } from "../add-campaign-leads";
import { createCampaign } from "../create-campaign";
import { updateCampaign } from "../update-campaign";
import { ZCreateCampaignInput, ZUpdateCampaignInput } from "../../../schemas/campaign";
import { ZConnectSenderInput } from "../../../schemas/sender";
import { ZLeadsInput } from "../../../schemas/lead";
import { NO_RECENT_POST } from "../../../domain/sequence/decide-step";

const HOUR = 3_600_000;
const START = "2026-03-02T08:00:00Z"; // a Monday, 09:00 in Paris
const directory = sandboxDirectory();

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
afterEach(() => {
  setClock(systemClock);
  setLinkedinProvider(undefined);
  setTextGenerator(undefined);
});

/** The sandbox provider, but `method` reaches the network and then times out, as a lost answer would. */
async function timingOutAfterSending(method: "commentOnPost" | "sendMessage") {
  const sandbox = await getLinkedinProvider();
  const real = sandbox[method] as (...args: unknown[]) => Promise<unknown>;
  let calls = 0;
  setLinkedinProvider({
    ...sandbox,
    [method]: async (...args: unknown[]) => {
      calls++;
      await real(...args);
      throw new LinkedinProviderError("provider-timeout", "LinkedIn did not answer in time");
    },
  });
  return {
    calls: () => calls,
    restore: () => setLinkedinProvider(sandbox),
  };
}

/** Prospects of the directory, from `offset`, that posted in the last days, or never did. */
async function prospects(count: number, offset: number, withPost: boolean): Promise<DirectoryProspect[]> {
  const found: DirectoryProspect[] = [];
  for (const prospect of directory.slice(offset)) {
    if (found.length === count) break;
    const hasPost = prospect.posts.length > 0;
    if (hasPost !== withPost) continue;
    found.push(prospect);
  }
  // Recent as of the test's clock, whenever the directory was seeded.
  if (withPost) {
    for (const prospect of found) {
      await db.sandboxPost.updateMany({ where: { authorId: prospect.id }, data: { postedAt: new Date(Date.parse(START) - 2 * 24 * HOUR) } });
    }
  }
  return found;
}

const WEEKDAYS_IN_PARIS = { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] };

async function setup(options: {
  label: string;
  sequence: TSequenceInput;
  prospects: DirectoryProspect[];
  approvals?: Partial<TCampaignApprovals>;
  credits?: number;
  connected?: boolean;
  start?: string;
  schedule?: typeof WEEKDAYS_IN_PARIS;
}) {
  const clock = new ManualClock(options.start ?? START);
  setClock(clock);
  temporaryFileStorage();
  await ensureSandboxDirectory();
  const { actor, workspace } = await createTestWorkspace();
  const sender = (await connectSender(actor, ZConnectSenderInput.parse({ username: `${options.label}@example.com`, password: "x" }), { via: "api" })).account.id;
  if (options.credits) await grantAiCredits(actor, { amount: options.credits, reference: "test" });
  if (options.connected) for (const prospect of options.prospects) await connectBeforehand(actor, sender, prospect);
  const campaign = await createCampaign(
    actor,
    ZCreateCampaignInput.parse({
      name: options.label,
      linkedinAccountIds: [sender],
      sequence: options.sequence,
      schedule: options.schedule ?? WEEKDAYS_IN_PARIS,
      approvals: options.approvals,
    }),
  );
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: options.prospects.map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) })) }));
  await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }));
  const leadOf = async (prospect: DirectoryProspect) =>
    db.campaignLead.findFirstOrThrow({ where: { campaignId: campaign.id, lead: { publicIdentifier: prospect.publicIdentifier } }, include: { lead: true } });
  const memberOfSender = (await db.sandboxSession.findUniqueOrThrow({ where: { id: (await db.linkedinAccount.findUniqueOrThrow({ where: { id: sender } })).providerAccountId } })).memberId;
  return { clock, actor, workspace, sender, memberOfSender, campaign, leadOf };
}

const drive = (clock: ManualClock, hours: number, approveAs?: Actor) => driveCampaigns(clock, new Date(clock.now().getTime() + hours * HOUR), { approveAs });

/** A text generator that drafts as the offline one, but the campaign's leads are stopped meanwhile. */
function stopLeadsWhileDrafting(campaignId: string): void {
  setTextGenerator({
    name: "stopping",
    draftComment: async (input) => {
      await db.campaignLead.updateMany({ where: { campaignId }, data: { status: "stopped" } });
      return draftCommentOffline(input);
    },
  });
}

const ledger = (workspaceId: string) => db.aiCreditLedgerEntry.findMany({ where: { workspaceId, reason: { not: "grant" } }, orderBy: { createdAt: "asc" } });

const COMMENT_THEN_VISIT: TSequenceInput = {
  steps: [
    { id: "comment", type: "comment_post", config: { prompt: "Say something kind about the post" }, nextDelayHours: 1 },
    { id: "visit", type: "visit_profile", parent: "comment" },
  ],
};

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

    await grantAiCredits(actor, { amount: 1, reference: "top-up" });
    await drive(clock, 1.5);
    expect(await db.pendingComment.count({ where: { campaignId: campaign.id, status: "pending" } })).toBe(1);
    expect((await db.workspace.findUniqueOrThrow({ where: { id: workspace.id } })).aiCreditBalance).toBe(0);
  }, 60_000);

  it("tries again ten minutes later, with its credit given back, when the AI model fails to draft", async () => {
    const posting = await prospects(1, 140, true);
    const { clock, workspace, campaign, leadOf } = await setup({ label: "comment-model-down", sequence: COMMENT_THEN_VISIT, prospects: posting, credits: 3 });
    setTextGenerator({ name: "down", draftComment: () => Promise.reject(new Error("model unavailable")) });
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

const VOICE_THEN_BUMP: TSequenceInput = {
  steps: [
    { id: "voice", type: "ai_voice_note", config: { script: "Hi {{firstName}}, a quick word about {{company}}", fallbackScript: "Hi there" }, nextDelayHours: 24 },
    { id: "bump", type: "visit_profile", parent: "voice", branch: "no" },
  ],
};

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
    // The rejected lead's no-reply branch ran without the note.
    expect(await db.campaignLeadStep.findUnique({ where: { campaignLeadId_stepId: { campaignLeadId: dropped.campaignLeadId, stepId: "bump" } } })).toMatchObject({ status: "done" });
  }, 90_000);

  /** When a note approved at 23:52 Berlin, its sender resting until 23:58:30, goes out under an every-day schedule ending at `to`. */
  async function lastMinuteNote(label: string, to: string, prospect: DirectoryProspect): Promise<Date | null> {
    const allDayInBerlin = { timezone: "Europe/Berlin", activeHours: { from: "00:00", to }, activeDays: [1, 2, 3, 4, 5, 6, 7] };
    // 23:50 in Berlin on a Tuesday: the CI run in which the approvals journey waited in vain.
    const { clock, actor, campaign } = await setup({
      label,
      sequence: VOICE_THEN_BUMP,
      prospects: [prospect],
      credits: 5,
      connected: true,
      start: "2026-11-24T22:50:00Z",
      schedule: allDayInBerlin,
    });
    await driveCampaigns(clock, new Date("2026-11-24T22:51:00Z"));
    const note = await db.pendingVoiceNote.findFirstOrThrow({ where: { campaignId: campaign.id, status: "pending" } });
    // The sender's rest after the draft ends at 23:58:30 Berlin, after that minute's pass.
    await db.linkedinAccount.update({ where: { id: note.linkedinAccountId }, data: { nextActionAt: new Date("2026-11-24T22:58:30Z") } });
    clock.set("2026-11-24T22:52:00Z");
    await approvePendingVoiceNote(actor, note.id);

    await driveCampaigns(clock, new Date("2026-11-25T01:00:00Z"));
    const sent = await db.senderAction.findFirstOrThrow({ where: { campaignLeadId: note.campaignLeadId, type: "voice_note" } });
    expect(await db.pendingVoiceNote.findUniqueOrThrow({ where: { id: note.id } })).toMatchObject({ status: "sent" });
    return sent.sentAt;
  }

  it("an approved note whose sender rests into the last minute of a 00:00–23:59 schedule (closed: `to` is exclusive) goes out in the next day's first minute, not spread into it", async () => {
    expect(await lastMinuteNote("voice-midnight", "23:59", directory[64]!)).toEqual(new Date("2026-11-24T23:00:00Z"));
  }, 60_000);

  it("under a 00:00–24:00 schedule the last minute is open: the note goes out at 23:59", async () => {
    expect(await lastMinuteNote("voice-end-of-day", "24:00", directory[65]!)).toEqual(new Date("2026-11-24T22:59:00Z"));
  }, 60_000);
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

describe("drafts after they were made", () => {
  it("regenerates a pending comment from a new prompt, spending one more credit, and posts the new text once approved", async () => {
    const posting = await prospects(1, 80, true);
    const { clock, actor, workspace, memberOfSender, campaign } = await setup({ label: "comment-regenerate", sequence: COMMENT_THEN_VISIT, prospects: posting, credits: 5 });
    await drive(clock, 1);
    const draft = await db.pendingComment.findFirstOrThrow({ where: { campaignId: campaign.id } });
    const lead = await db.lead.findUniqueOrThrow({ where: { id: draft.leadId } });
    const prompt = "Ask how the team measured it";
    await regeneratePendingComment(actor, draft.id, { prompt });
    const regenerated = await db.pendingComment.findUniqueOrThrow({ where: { id: draft.id } });
    const expected = draftCommentOffline({
      prompt,
      post: { text: draft.postText, url: draft.postUrl },
      lead: { firstName: lead.firstName, lastName: lead.lastName, headline: lead.headline, company: lead.company, jobTitle: lead.jobTitle },
      sender: { fullName: null },
    });
    expect(regenerated).toMatchObject({ status: "pending", generations: 2, comment: expected });
    expect(regenerated.comment).not.toBe(draft.comment);
    expect((await ledger(workspace.id)).map((entry) => [entry.reason, entry.amount])).toEqual([["comment-draft", -1], ["comment-draft", -1]]);

    await approvePendingComment(actor, draft.id, {});
    await drive(clock, 1);
    expect((await db.sandboxInteraction.findMany({ where: { memberId: memberOfSender, kind: "comment" } })).map((comment) => comment.text)).toEqual([expected]);
  }, 60_000);

  it("counts an approved comment whose answer was lost as posted, and never posts it twice", async () => {
    const posting = await prospects(1, 100, true);
    const { clock, actor, memberOfSender, campaign } = await setup({ label: "comment-lost", sequence: COMMENT_THEN_VISIT, prospects: posting, credits: 5 });
    await drive(clock, 1);
    const draft = await db.pendingComment.findFirstOrThrow({ where: { campaignId: campaign.id } });
    const lost = await timingOutAfterSending("commentOnPost");
    await approvePendingComment(actor, draft.id, {});
    // The lost answer leaves the intent `sending`; the sender's next turn reconciles it (a comment cannot be looked up).
    await drive(clock, 2);
    lost.restore();
    expect(lost.calls()).toBe(1);
    const journal = { campaignLeadId_stepId: { campaignLeadId: draft.campaignLeadId, stepId: "comment" } };
    expect(await db.campaignLeadStep.findUniqueOrThrow({ where: journal })).toMatchObject({ status: "done" });
    expect(await db.pendingComment.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ status: "sent" });
    expect(await db.sandboxInteraction.count({ where: { memberId: memberOfSender, kind: "comment" } })).toBe(1);
    expect(await db.campaignLeadStep.findUnique({ where: { campaignLeadId_stepId: { campaignLeadId: draft.campaignLeadId, stepId: "visit" } } })).toMatchObject({ status: "done" });
  }, 60_000);

  it("finds a voice note whose answer was lost on LinkedIn and records it once, waiting for a reply", async () => {
    const leads = directory.slice(110, 111);
    const { clock, actor, memberOfSender, campaign } = await setup({ label: "voice-lost", sequence: VOICE_THEN_BUMP, prospects: leads, credits: 5, connected: true });
    await drive(clock, 1);
    const note = await db.pendingVoiceNote.findFirstOrThrow({ where: { campaignId: campaign.id } });
    const lost = await timingOutAfterSending("sendMessage");
    await approvePendingVoiceNote(actor, note.id);
    await drive(clock, 0.5);
    lost.restore();
    expect(lost.calls()).toBe(1);
    await drive(clock, 1);
    const delivered = await db.sandboxMessage.findMany({ where: { fromMemberId: memberOfSender, kind: "voice_note" } });
    expect(delivered).toHaveLength(1);
    expect(await db.pendingVoiceNote.findUniqueOrThrow({ where: { id: note.id } })).toMatchObject({ status: "sent", providerRef: delivered[0]!.id });
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: note.campaignLeadId } })).toMatchObject({ phase: "waiting", currentStepId: "voice" });
  }, 60_000);

  it("fails the draft with LinkedIn's reason, and the lead with it, when LinkedIn refuses the approved comment", async () => {
    const posting = await prospects(1, 120, true);
    const { clock, actor, campaign } = await setup({ label: "comment-refused", sequence: COMMENT_THEN_VISIT, prospects: posting, credits: 5 });
    await drive(clock, 1);
    const draft = await db.pendingComment.findFirstOrThrow({ where: { campaignId: campaign.id } });
    // The post was deleted meanwhile.
    await db.sandboxPost.delete({ where: { id: draft.postId } });
    await approvePendingComment(actor, draft.id, {});
    await drive(clock, 1);
    expect(await db.pendingComment.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ status: "failed", error: "That post does not exist" });
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: draft.campaignLeadId } })).toMatchObject({ status: "failed", error: "That post does not exist" });
  }, 60_000);
  it("does not leave a lead waiting for a decision that was made while its sender read the profile", async () => {
    const posting = await prospects(1, 160, true);
    const { clock, actor, memberOfSender, campaign } = await setup({ label: "comment-decided-mid-turn", sequence: COMMENT_THEN_VISIT, prospects: posting, credits: 5 });
    await drive(clock, 1);
    const draft = await db.pendingComment.findFirstOrThrow({ where: { campaignId: campaign.id } });
    // Ready on the step with its draft still pending, as a lead resumed while its draft waited is.
    await db.campaignLead.update({ where: { id: draft.campaignLeadId }, data: { phase: "ready", waitUntil: clock.now() } });
    const sandbox = await getLinkedinProvider();
    let approved = false;
    setLinkedinProvider({
      ...sandbox,
      getProfile: async (...args: Parameters<typeof sandbox.getProfile>) => {
        const profile = await sandbox.getProfile(...args);
        if (!approved) {
          approved = true;
          await approvePendingComment(actor, draft.id, {});
        }
        return profile;
      },
    });
    await drive(clock, 2);
    expect(approved).toBe(true);
    expect(await db.pendingComment.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ status: "sent" });
    expect(await db.sandboxInteraction.count({ where: { memberId: memberOfSender, kind: "comment" } })).toBe(1);
  }, 60_000);

  it("gives the credit back, and keeps no draft, when the lead is stopped while its comment is drafted", async () => {
    const posting = await prospects(1, 180, true);
    const { clock, workspace, campaign } = await setup({ label: "comment-stopped-mid-draft", sequence: COMMENT_THEN_VISIT, prospects: posting, credits: 5 });
    stopLeadsWhileDrafting(campaign.id);
    await drive(clock, 1);
    expect(await db.pendingComment.count({ where: { campaignId: campaign.id } })).toBe(0);
    expect((await ledger(workspace.id)).map((entry) => [entry.reason, entry.amount])).toEqual([["comment-draft", -1], ["refund", 1]]);
    expect((await db.workspace.findUniqueOrThrow({ where: { id: workspace.id } })).aiCreditBalance).toBe(5);
  }, 60_000);
  it("gives the credit back when the lead is stopped while a comment to post at once is drafted", async () => {
    const posting = await prospects(1, 200, true);
    const { clock, workspace, memberOfSender, campaign } = await setup({ label: "comment-direct-stopped", sequence: COMMENT_THEN_VISIT, prospects: posting, approvals: { comments: false }, credits: 5 });
    stopLeadsWhileDrafting(campaign.id);
    await drive(clock, 1);
    expect(await db.sandboxInteraction.count({ where: { memberId: memberOfSender, kind: "comment" } })).toBe(0);
    expect((await ledger(workspace.id)).map((entry) => [entry.reason, entry.amount])).toEqual([["comment-draft", -1], ["refund", 1]]);
  }, 60_000);
});
