// Writes a new draft for a pending comment, spending AI credits; it stays pending. Without a prompt
// the step's instructions are used again. A draft that cannot be written (no credits, the model
// failed) leaves the current one as it was, and so does a decision made while the model wrote.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { parseInput } from "../../lib/zod-issues";
import { ZRegenerateCommentInput, type TPendingComment } from "../../schemas/approvals";
import { refundAiCredits } from "../credits/refund-ai-credits";
import { COMMENT_DRAFT_COST, draftComment } from "../campaigns/drafts/draft-comment";
import { alreadyDecided, requirePending } from "./decide-draft";
import { draftStep } from "./draft-step";
import { chooseSpintax, copySeed, fieldSeed } from "../../domain/sequence/spintax";
import { getPendingComment } from "./get-pending-comment";

export async function regeneratePendingComment(actor: Actor, id: string, input: { prompt?: string }): Promise<TPendingComment> {
  const { prompt: override } = parseInput(ZRegenerateCommentInput, input ?? {});
  const draft = await db.pendingComment.findFirst({ where: { id, workspaceId: actor.workspaceId }, include: { campaignLead: { include: { lead: true } } } });
  if (!draft) throw HeraldError.notFound("Comment");
  requirePending("comment", draft);
  const sender = await db.linkedinAccount.findUnique({ where: { id: draft.linkedinAccountId }, select: { fullName: true } });
  const found = override ? null : await draftStep(draft);
  // The step's instructions in the version of their spintax the lead got (an override is used as written).
  const stepPrompt = found?.variant?.prompt ?? found?.step.config.prompt;
  const seed = fieldSeed(copySeed(draft.campaignLeadId, draft.stepId, found?.variant?.id ?? "a"), "prompt");
  const prompt = override ?? (stepPrompt !== undefined ? chooseSpintax(stepPrompt, seed) : draft.prompt);
  const lead = draft.campaignLead.lead;

  const outcome = await draftComment({
    workspaceId: actor.workspaceId,
    reference: draft.id,
    userId: actor.userId,
    draft: {
      prompt,
      post: { text: draft.postText, url: draft.postUrl },
      lead: { firstName: lead.firstName, lastName: lead.lastName, headline: lead.headline, company: lead.company, jobTitle: lead.jobTitle },
      sender: { fullName: sender?.fullName ?? null },
    },
  });
  if (!outcome.ok) {
    throw outcome.reason === "insufficient-credits"
      ? new HeraldError({ code: "insufficient-credits", message: `Not enough AI credits to write a new draft (it costs ${COMMENT_DRAFT_COST}); the current draft is kept. A workspace owner or admin can add credits under Settings → AI credits.` })
      : new HeraldError({ code: "unavailable", message: "The AI model could not write a new draft just now; the current draft is kept. Try again in a moment.", retryAfterSeconds: 30 });
  }
  const saved = await db.pendingComment.updateMany({
    where: { id: draft.id, status: "pending" },
    data: { comment: outcome.value, prompt, generations: { increment: 1 }, updatedAt: now() },
  });
  if (!saved.count) {
    // Decided while the model wrote: the new draft is not used, so its credit is given back.
    await refundAiCredits({ workspaceId: actor.workspaceId, amount: COMMENT_DRAFT_COST, reference: draft.id });
    const current = await db.pendingComment.findUniqueOrThrow({ where: { id: draft.id }, select: { status: true } });
    throw alreadyDecided("comment", current.status);
  }
  return getPendingComment(actor, id);
}
