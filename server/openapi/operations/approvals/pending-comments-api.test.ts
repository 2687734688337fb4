// The comment drafts over the API with an API key: list (filters and paging from the query string, a
// bad filter a 400 naming it), get, approve with or without a body, edit, regenerate (AI credits),
// reject (the lead moves on), 409 on a decided draft and 404 on another workspace's.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { setTextGenerator } from "@/server/providers/ai";
import { offlineTextGenerator } from "@/server/providers/ai/offline-text-generator";
import { approvalCampaign, approvalSender, seedPendingComment, useTemporaryFileStorage } from "@/server/test/approvals-seed";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";

let clock: ManualClock;
beforeEach(() => {
  clock = new ManualClock("2026-11-24T10:00:00Z");
  setClock(clock);
  useTemporaryFileStorage();
});
afterEach(() => {
  setClock(systemClock);
  setTextGenerator(undefined);
});

async function queueWithKey() {
  const context = await createTestWorkspace();
  await db.workspace.update({ where: { id: context.workspace.id }, data: { aiCreditBalance: 3 } });
  const { key } = await createTestApiKey(context.actor);
  const sender = await approvalSender(context.actor);
  const campaign = await approvalCampaign(context.actor);
  const first = await seedPendingComment({ actor: context.actor, campaign, sender, createdAt: new Date("2026-11-24T09:00:00Z") });
  const second = await seedPendingComment({ actor: context.actor, campaign, sender, createdAt: new Date("2026-11-24T09:30:00Z"), comment: "Second draft" });
  return { ...context, key, sender, campaign, first, second };
}

const post = (action: string, id: string, key: string, body?: unknown) =>
  callApi("POST", `/pending-comments/${id}/${action}`, { key, body });

describe("the pending comments API", () => {
  it("lists pending drafts oldest first with paging, filters and a 400 naming a bad filter", async () => {
    const { key, first, second, campaign, sender } = await queueWithKey();
    const page = await callApi("GET", "/pending-comments", { key, query: { limit: 1 } });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ data: [{ id: first.draft.id, status: "pending", campaignName: "Warm intros", senderName: "Rep" }], paging: { limit: 1, offset: 0, total: 2 } });
    const next = await callApi("GET", "/pending-comments", { key, query: { limit: 1, offset: 1, campaignId: campaign.id, linkedinAccountId: sender.id } });
    expect(next.body!.data.map((comment: { id: string }) => comment.id)).toEqual([second.draft.id]);
    const none = await callApi("GET", "/pending-comments", { key, query: { status: "sent" } });
    expect(none.body).toEqual({ data: [], paging: { limit: 50, offset: 0, total: 0 } });
    for (const [name, value] of [["status", "maybe"], ["limit", "0"], ["offset", "-1"]] as const) {
      const bad = await callApi("GET", "/pending-comments", { key, query: { [name]: value } });
      expect(bad.status, name).toBe(400);
      expect(bad.body!.error.details.fields.map((field: { field: string }) => field.field)).toContain(name);
    }
  });

  it("gets a draft; approves it with an empty body, then answers 409 already-decided", async () => {
    const { key, first } = await queueWithKey();
    const read = await callApi("GET", `/pending-comments/${first.draft.id}`, { key });
    expect(read.status).toBe(200);
    expect(read.body!.data).toMatchObject({ id: first.draft.id, comment: "Congratulations on the launch, Ada!", postText: "We launched the Analytical Engine today.", generations: 1 });
    const approved = await post("approve", first.draft.id, key);
    expect(approved.status).toBe(200);
    expect(approved.body!.data).toMatchObject({ status: "approved", decidedAt: clock.now().toISOString() });
    // Due again since its draft was made (releaseLead), not from the approval on.
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: first.campaignLead.id } })).toMatchObject({ phase: "ready", waitUntil: first.draft.createdAt });
    const again = await post("approve", first.draft.id, key);
    expect(again).toMatchObject({ status: 409, body: { error: { code: "already-decided", message: "This comment was already approved." } } });
    const rejected = await post("reject", first.draft.id, key);
    expect(rejected.status).toBe(409);
  });

  it("approves with edited text, refusing text over LinkedIn's limit naming the field", async () => {
    const { key, first } = await queueWithKey();
    const tooLong = await post("approve", first.draft.id, key, { comment: "x".repeat(1251) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body!.error.details.fields).toEqual([{ field: "comment", message: "must be at most 1250 characters (LinkedIn's limit)" }]);
    const approved = await post("approve", first.draft.id, key, { comment: "Edited by a person" });
    expect(approved.body!.data).toMatchObject({ status: "approved", comment: "Edited by a person" });
  });

  it("edits and regenerates a draft, which stays pending; regeneration spends a credit", async () => {
    const { key, first, workspace } = await queueWithKey();
    const edited = await post("edit", first.draft.id, key, { comment: "A better comment" });
    expect(edited.body!.data).toMatchObject({ status: "pending", comment: "A better comment" });
    const missing = await post("edit", first.draft.id, key, {});
    expect(missing.status).toBe(400);
    expect(missing.body!.error.details.fields[0].field).toBe("comment");

    setTextGenerator({ ...offlineTextGenerator, name: "test", draftComment: async (input) => `New take: ${input.prompt}` });
    const regenerated = await post("regenerate", first.draft.id, key);
    expect(regenerated.body!.data).toMatchObject({ status: "pending", comment: "New take: Congratulate them on the post", generations: 2 });
    const prompted = await post("regenerate", first.draft.id, key, { prompt: "Ask a question" });
    expect(prompted.body!.data).toMatchObject({ comment: "New take: Ask a question", prompt: "Ask a question", generations: 3 });
    expect((await db.workspace.findUniqueOrThrow({ where: { id: workspace.id } })).aiCreditBalance).toBe(1);

    setTextGenerator({ ...offlineTextGenerator, name: "broken", draftComment: async () => Promise.reject(new Error("down")) });
    const failed = await post("regenerate", first.draft.id, key);
    expect(failed.status).toBe(503);
    expect(failed.headers.get("retry-after")).toBe("30");
    expect(failed.body!.error.code).toBe("unavailable");
    await db.workspace.update({ where: { id: workspace.id }, data: { aiCreditBalance: 0 } });
    const broke = await post("regenerate", first.draft.id, key);
    expect(broke).toMatchObject({ status: 402, body: { error: { code: "insufficient-credits" } } });
    expect((await db.pendingComment.findUniqueOrThrow({ where: { id: first.draft.id } })).comment).toBe("New take: Ask a question");
  });

  it("rejects a draft: the lead moves to its next step", async () => {
    const { key, second } = await queueWithKey();
    const rejected = await post("reject", second.draft.id, key);
    expect(rejected.status).toBe(200);
    expect(rejected.body!.data.status).toBe("rejected");
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: second.campaignLead.id } })).toMatchObject({ currentStepId: "voice", phase: "ready" });
    const list = await callApi("GET", "/pending-comments", { key, query: { status: "rejected" } });
    expect(list.body!.data.map((comment: { id: string }) => comment.id)).toEqual([second.draft.id]);
  });

  it("answers 404 for another workspace's draft, whatever the operation", async () => {
    const { first } = await queueWithKey();
    const stranger = await createTestWorkspace();
    const { key } = await createTestApiKey(stranger.actor);
    const id = first.draft.id;
    expect((await callApi("GET", `/pending-comments/${id}`, { key })).status).toBe(404);
    for (const [action, body] of [
      ["approve", undefined],
      ["edit", { comment: "Not mine" }],
      ["regenerate", undefined],
      ["reject", undefined],
    ] as const) {
      const answer = await post(action, id, key, body);
      expect(answer, action).toMatchObject({ status: 404, body: { error: { code: "not-found", message: "Comment not found" } } });
    }
    expect((await db.pendingComment.findUniqueOrThrow({ where: { id } })).status).toBe("pending");
  });
});
