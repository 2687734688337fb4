// Deciding a draft (approve or reject), for both kinds. A decision locks the draft's campaign lead
// first and then moves the draft from `pending` with a conditional update: of two people deciding
// at once one wins and the other is told what happened (409 already-decided). The lead is locked
// before the draft because that is the order in which a lead leaving its step (stop, reply, the
// executor) reaches the draft through the cancelling trigger: the same order never deadlocks.
import type { Prisma } from "../../db/client";
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import type { TApprovalStatus } from "../../schemas/approvals";
import { lockCampaignLead } from "../campaigns/executor/settle-campaign-lead";
import { withOutbox, type Emit } from "../events/with-outbox";

export type DraftKind = "comment" | "voice_note";

/** What a decision needs to know about a draft. */
export interface DraftRef {
  id: string;
  campaignId: string;
  campaignLeadId: string;
  stepId: string;
  variantId: string | null;
  status: string;
  /** When the sender's turn made the draft: the lead has been due since. */
  createdAt: Date;
}

const REF = { id: true, campaignId: true, campaignLeadId: true, stepId: true, variantId: true, status: true, createdAt: true } as const;

const NOUN: Record<DraftKind, { name: string; sent: string; failed: string }> = {
  comment: { name: "comment", sent: "posted", failed: "LinkedIn refused to post it" },
  voice_note: { name: "voice note", sent: "sent", failed: "LinkedIn refused to send it" },
};

/** A draft of the actor's workspace; another workspace's is not found. */
export async function findDraft(kind: DraftKind, actor: Actor, id: string, client: Prisma.TransactionClient = db): Promise<DraftRef> {
  const where = { id, workspaceId: actor.workspaceId };
  const draft = kind === "comment" ? await client.pendingComment.findFirst({ where, select: REF }) : await client.pendingVoiceNote.findFirst({ where, select: REF });
  if (!draft) throw HeraldError.notFound(kind === "comment" ? "Comment" : "Voice note");
  return draft;
}

/** The 409 for a draft that is no longer pending, saying in plain words what became of it. */
export function alreadyDecided(kind: DraftKind, status: string): HeraldError {
  const noun = NOUN[kind];
  const what: Record<string, string> = {
    approved: `This ${noun.name} was already approved.`,
    sent: `This ${noun.name} was already approved and ${noun.sent}.`,
    rejected: `This ${noun.name} was already rejected.`,
    failed: `This ${noun.name} was approved but ${noun.failed}.`,
    cancelled: `This ${noun.name} was withdrawn: its lead moved on (stopped, replied or left the step) before anyone decided.`,
  };
  return new HeraldError({ code: "already-decided", message: what[status] ?? `This ${noun.name} is no longer waiting for a decision.` });
}

/** Throws already-decided unless the draft is pending (for changes that keep it pending: edit, regenerate, re-record). */
export function requirePending(kind: DraftKind, draft: { status: string }): void {
  if (draft.status !== "pending") throw alreadyDecided(kind, draft.status);
}

/**
 * Moves a pending draft to `status` (with `fields`) and runs `then` in the same transaction, whose
 * events go to the outbox with it. Throws not-found or already-decided.
 */
export async function decideDraft(input: {
  kind: DraftKind;
  actor: Actor;
  id: string;
  status: Extract<TApprovalStatus, "approved" | "rejected">;
  fields?: { comment?: string };
  then: (tx: Prisma.TransactionClient, emit: Emit, draft: DraftRef, at: Date) => Promise<void>;
}): Promise<void> {
  const { kind, actor } = input;
  const draft = await findDraft(kind, actor, input.id);
  await withOutbox(async (tx, emit) => {
    await lockCampaignLead(tx, draft.campaignLeadId);
    const at = now();
    const where = { id: draft.id, workspaceId: actor.workspaceId, status: "pending" };
    const data = { status: input.status, decidedAt: at, decidedById: actor.userId, updatedAt: at };
    const claimed =
      kind === "comment"
        ? await tx.pendingComment.updateMany({ where, data: { ...data, ...(input.fields?.comment !== undefined ? { comment: input.fields.comment } : {}) } })
        : await tx.pendingVoiceNote.updateMany({ where, data });
    if (!claimed.count) {
      const current = await findDraft(kind, actor, draft.id, tx);
      throw alreadyDecided(kind, current.status);
    }
    await input.then(tx, emit, draft, at);
  });
}

/**
 * An approved draft's lead, waiting on that step for the decision, is due again, and has been since
 * its draft was made: among its sender's due leads it goes by that time, so what an approver let go
 * is sent at the sender's next turn or soon after, not behind every lead that fell due while the
 * draft waited. The forecast, which takes drafts as approved when made, counts the same way.
 */
export async function releaseLead(tx: Prisma.TransactionClient, draft: DraftRef, at: Date): Promise<void> {
  await tx.campaignLead.updateMany({
    where: { id: draft.campaignLeadId, phase: "approval", currentStepId: draft.stepId },
    data: { phase: "ready", waitUntil: draft.createdAt < at ? draft.createdAt : at, updatedAt: at },
  });
}
