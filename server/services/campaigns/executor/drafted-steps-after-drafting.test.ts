// What becomes of drafted steps' drafts once made, through the executor on the sandbox network with a
// manual clock: regenerated, decided while the sender's turn reads the profile, answered by LinkedIn
// with a lost or refused answer, given back when the lead stops while drafting, and an approved
// voice note whose sender rests into the last minute of the day (closed under 00:00–23:59, open
// under 00:00–24:00).
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { getLinkedinProvider, setLinkedinProvider } from "@/server/providers/linkedin";
import { draftCommentOffline } from "@/server/providers/ai/offline-text-generator";
import { regeneratePendingComment } from "@/server/services/approvals/regenerate-pending-comment";
import { approvePendingComment } from "@/server/services/approvals/approve-pending-comment";
import { approvePendingVoiceNote } from "@/server/services/approvals/approve-pending-voice-note";
import type { DirectoryProspect } from "@/server/providers/linkedin/sandbox/directory";
import { driveCampaigns } from "@/server/test/campaign-driver";
import {
  COMMENT_THEN_VISIT,
  directory,
  drive,
  ledger,
  prospects,
  restoreProvidersAfterEach,
  setup,
  stopLeadsWhileDrafting,
  timingOutAfterSending,
  VOICE_THEN_BUMP,
} from "@/server/test/drafted-steps";

restoreProvidersAfterEach();

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

describe("an approved voice note in the last minute of the day", () => {
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
