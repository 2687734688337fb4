// The queue's reads and bulk decisions against a real PostgreSQL: oldest first, filtered by status,
// campaign and sender, paged with a total; the counts per kind; deciding many with the skipped ones
// and why.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { checkFileUrl } from "@/server/lib/signed-file-url";
import { approvalCampaign, approvalSender, seedPendingComment, seedPendingVoiceNote, useTemporaryFileStorage } from "@/server/test/approvals-seed";
import { createTestWorkspace } from "@/server/test/factories";
import { approvePendingComment } from "./approve-pending-comment";
import { countPendingApprovals } from "./count-pending-approvals";
import { decidePendingMany } from "./decide-pending-many";
import { listPendingComments } from "./list-pending-comments";
import { listPendingVoiceNotes } from "./list-pending-voice-notes";
import { rejectPendingVoiceNote } from "./reject-pending-voice-note";
import { isHeraldError } from "@/server/lib/errors";

let clock: ManualClock;
beforeEach(() => {
  clock = new ManualClock("2026-11-24T10:00:00Z");
  setClock(clock);
  useTemporaryFileStorage();
});
afterEach(() => setClock(systemClock));

const minute = (n: number) => new Date(Date.UTC(2026, 10, 24, 9, n));

async function queue() {
  const context = await createTestWorkspace();
  const { actor } = context;
  const rep = await approvalSender(actor, "Rep");
  const other = await approvalSender(actor, "Other rep");
  const warm = await approvalCampaign(actor, "Warm intros");
  const cold = await approvalCampaign(actor, "Cold outreach");
  // Created out of order: the list puts the oldest first.
  const c3 = await seedPendingComment({ actor, campaign: warm, sender: rep, createdAt: minute(30) });
  const c1 = await seedPendingComment({ actor, campaign: warm, sender: other, createdAt: minute(10) });
  const c2 = await seedPendingComment({ actor, campaign: cold, sender: rep, createdAt: minute(20) });
  const c4 = await seedPendingComment({ actor, campaign: cold, sender: other, createdAt: minute(40) });
  const v1 = await seedPendingVoiceNote({ actor, campaign: warm, sender: rep, createdAt: minute(5) });
  const v2 = await seedPendingVoiceNote({ actor, campaign: cold, sender: other, createdAt: minute(6) });
  return { ...context, rep, other, warm, cold, comments: [c1, c2, c3, c4].map((seed) => seed.draft), voiceNotes: [v1, v2].map((seed) => seed.draft) };
}

describe("listing", () => {
  it("lists pending drafts oldest first with the lead, campaign and sender, paged with a total", async () => {
    const { actor, comments } = await queue();
    const page = await listPendingComments(actor, { limit: 2, offset: 0 });
    expect(page.paging).toEqual({ limit: 2, offset: 0, total: 4 });
    expect(page.data.map((comment) => comment.id)).toEqual([comments[0]!.id, comments[1]!.id]);
    expect(page.data[0]).toMatchObject({ campaignName: "Warm intros", senderName: "Other rep", firstName: "Ada", lastName: "Lovelace", company: "Analytical Engines", status: "pending", createdAt: minute(10).toISOString() });
    const next = await listPendingComments(actor, { limit: 2, offset: 2 });
    expect(next.data.map((comment) => comment.id)).toEqual([comments[2]!.id, comments[3]!.id]);
    expect((await listPendingComments(actor, { limit: 2, offset: 10 })).data).toEqual([]);
  });

  it("filters by campaign, sender and status (pending by default)", async () => {
    const { actor, comments, cold, rep } = await queue();
    await approvePendingComment(actor, comments[0]!.id, {});
    const ids = async (query: Parameters<typeof listPendingComments>[1]) => (await listPendingComments(actor, query)).data.map((comment) => comment.id);
    expect(await ids({ limit: 50, offset: 0 })).toEqual([comments[1]!.id, comments[2]!.id, comments[3]!.id]);
    expect(await ids({ limit: 50, offset: 0, status: "approved" })).toEqual([comments[0]!.id]);
    expect(await ids({ limit: 50, offset: 0, campaignId: cold.id })).toEqual([comments[1]!.id, comments[3]!.id]);
    expect(await ids({ limit: 50, offset: 0, linkedinAccountId: rep.id })).toEqual([comments[1]!.id, comments[2]!.id]);
    expect(await ids({ limit: 50, offset: 0, campaignId: cold.id, linkedinAccountId: rep.id })).toEqual([comments[1]!.id]);
    expect((await listPendingComments(actor, { limit: 50, offset: 0, campaignId: cold.id })).paging.total).toBe(2);
  });

  it("lists voice notes with a signed audio address for each", async () => {
    const { actor, voiceNotes } = await queue();
    const page = await listPendingVoiceNotes(actor, { limit: 50, offset: 0 });
    expect(page.data.map((note) => note.id)).toEqual(voiceNotes.map((note) => note.id));
    for (const note of page.data) {
      const url = new URL(note.audioUrl);
      const key = decodeURIComponent(url.pathname.replace(/^\/api\/files\//, ""));
      expect(key).toBe(voiceNotes.find((draft) => draft.id === note.id)!.audioKey);
      expect(checkFileUrl(key, url.searchParams.get("expires"), url.searchParams.get("signature"))).toBe("ok");
    }
  });

  it("shows nothing of another workspace and refuses a bad filter naming the field", async () => {
    await queue();
    const stranger = (await createTestWorkspace()).actor;
    expect(await listPendingComments(stranger, { limit: 50, offset: 0 })).toEqual({ data: [], paging: { limit: 50, offset: 0, total: 0 } });
    expect(await countPendingApprovals(stranger)).toEqual({ comments: 0, voiceNotes: 0, aiLines: 0, agentWrites: 0 });
    try {
      await listPendingVoiceNotes(stranger, { limit: 50, offset: 0, status: "maybe" as never });
      expect.unreachable();
    } catch (error) {
      expect(isHeraldError(error) && error.details).toMatchObject({ fields: [{ field: "status" }] });
    }
  });
});

describe("counts", () => {
  it("counts pending drafts per kind", async () => {
    const { actor, comments, voiceNotes } = await queue();
    expect(await countPendingApprovals(actor)).toEqual({ comments: 4, voiceNotes: 2, aiLines: 0, agentWrites: 0 });
    await approvePendingComment(actor, comments[0]!.id, {});
    await rejectPendingVoiceNote(actor, voiceNotes[0]!.id);
    expect(await countPendingApprovals(actor)).toEqual({ comments: 3, voiceNotes: 1, aiLines: 0, agentWrites: 0 });
  });
});

describe("deciding many", () => {
  it("decides each on its own and says why the others were skipped", async () => {
    const { actor, comments, voiceNotes } = await queue();
    await approvePendingComment(actor, comments[1]!.id, {});
    const result = await decidePendingMany(actor, { kind: "comment", decision: "reject", ids: [comments[0]!.id, comments[1]!.id, "pcm_nothing", comments[2]!.id, comments[0]!.id] });
    expect(result).toEqual({
      decided: [comments[0]!.id, comments[2]!.id],
      skipped: [
        { id: comments[1]!.id, reason: "This comment was already approved." },
        { id: "pcm_nothing", reason: "This comment was not found." },
      ],
    });
    const statuses = await db.pendingComment.findMany({ where: { id: { in: comments.map((comment) => comment.id) } }, orderBy: { createdAt: "asc" }, select: { status: true } });
    expect(statuses.map((row) => row.status)).toEqual(["rejected", "approved", "rejected", "pending"]);
    const approved = await decidePendingMany(actor, { kind: "voice_note", decision: "approve", ids: voiceNotes.map((note) => note.id) });
    expect(approved).toEqual({ decided: voiceNotes.map((note) => note.id), skipped: [] });
    const leads = await db.campaignLead.findMany({ where: { id: { in: voiceNotes.map((note) => note.campaignLeadId) } } });
    expect(leads.map((lead) => lead.phase)).toEqual(["ready", "ready"]);
  });
});
