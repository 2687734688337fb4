// Writes a lead's AI lines for a step with the installation's text generator and stores them, one
// row per campaign lead, step and line (AiLine). A line is claimed before anything is spent: its row
// is made (or taken over from an older prompt) `writing` and its credit debited in one transaction,
// so that of two writers at once (two previews, a preview and sending, a retry) one writes and pays
// and the other waits for its line; a row that is already current (ready, waiting for approval,
// approved, rejected, failed) is never written over. A claim left `writing` by a crash is taken over
// after CLAIM_STALE_MS without a second debit (the first one paid for it). The credit is given back
// when the model fails, writes nothing or writes a link. A line that cannot be had is stored `failed`
// with the reason, so the step takes its fallback and no retry or re-send asks (or charges) again.
import { db } from "../../../db/client";
import type { Prisma } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import { isHeraldError } from "../../../lib/errors";
import { logger } from "../../../lib/logger";
import { getTextGenerator } from "../../../providers/ai";
import type { AiLineInput } from "../../../providers/ai/types";
import type { TAiVariable } from "../../../schemas/sequence";
import { AI_LINE_COST, AI_REASONS, DEFAULT_AI_LINE_MAX, aiLineHasLink, aiPromptHash, hasAiFacts } from "../../../domain/sequence/ai-lines";
import { debitAiCredits } from "../../credits/debit-ai-credits";
import { refundAiCredits } from "../../credits/refund-ai-credits";

/** How many times the model is asked before a line counts as failed. */
const ATTEMPTS = 2;
/** A `writing` claim older than this was left by a writer that stopped (a crash): another takes it over. */
export const CLAIM_STALE_MS = 10 * 60_000;
/** How long a writer waits for a line another writer claimed, and how often it looks. */
const WAIT_MS = 90_000;
const POLL_MS = 250;

export interface AiLineOwner {
  workspaceId: string;
  campaignId: string;
  campaignLeadId: string;
  leadId: string;
  stepId: string;
  linkedinAccountId: string | null;
}

export interface AiLineSource {
  lead: AiLineInput["lead"];
  post: AiLineInput["post"];
  sender: AiLineInput["sender"];
}

type Written = { status: "ready" | "failed"; value: string | null; reason: string | null };
type Claim = { kind: "claimed"; id: string; charged: boolean } | { kind: "taken"; id: string } | { kind: "failed"; id: string };

const rowKey = (owner: AiLineOwner, line: TAiVariable) => ({ campaignLeadId_stepId_name: { campaignLeadId: owner.campaignLeadId, stepId: owner.stepId, name: line.name } });

/**
 * Claims the line for this writer (one transaction): a new row, or a row written for another prompt,
 * or a stale claim, becomes `writing`, and the line's credit is debited with it. `failed` when the
 * lead has nothing to write from or the credits ran out (stored as such, nothing spent).
 */
async function claim(owner: AiLineOwner, line: TAiVariable, source: AiLineSource, preview: boolean, userId: string | undefined): Promise<Claim> {
  const promptHash = aiPromptHash(line);
  return db.$transaction(async (tx) => {
    const at = now();
    const fresh = { prompt: line.prompt, promptHash, value: null, status: "writing", reason: null, preview, decidedAt: null, decidedById: null, createdAt: at, updatedAt: at };
    const inserted = await tx.aiLine.createMany({ data: [{ ...owner, name: line.name, ...fresh }], skipDuplicates: true });
    let retaken = false;
    if (!inserted.count) {
      const [row] = await tx.$queryRaw<Array<{ id: string; promptHash: string; status: string; updatedAt: Date }>>`
        SELECT id, "promptHash", status, "updatedAt" FROM "AiLine"
        WHERE "campaignLeadId" = ${owner.campaignLeadId} AND "stepId" = ${owner.stepId} AND name = ${line.name} FOR UPDATE`;
      if (!row) throw new Error("An AI line's row vanished while it was claimed");
      const stale = row.status === "writing" && at.getTime() - row.updatedAt.getTime() >= CLAIM_STALE_MS;
      if (row.promptHash === promptHash && !stale) return { kind: "taken", id: row.id };
      // A crashed writer's claim for this prompt was paid for: taken over without a second debit.
      retaken = stale && row.promptHash === promptHash;
      await tx.aiLine.update({ where: { id: row.id }, data: { ...owner, ...fresh } });
    }
    const { id } = await tx.aiLine.findUniqueOrThrow({ where: rowKey(owner, line), select: { id: true } });
    const fail = async (reason: string): Promise<Claim> => {
      await tx.aiLine.update({ where: { id }, data: { status: "failed", reason } });
      return { kind: "failed", id };
    };
    if (!hasAiFacts({ ...source.lead, postText: source.post?.text })) return fail(AI_REASONS.noFacts);
    if (retaken) return { kind: "claimed", id, charged: false };
    const reference = `${owner.campaignLeadId}:${owner.stepId}:${line.name}`;
    try {
      await debitAiCredits({ workspaceId: owner.workspaceId, amount: AI_LINE_COST, reason: "ai-line", reference, userId }, tx);
    } catch (error) {
      if (isHeraldError(error) && error.code === "insufficient-credits") return fail(AI_REASONS.noCredits);
      throw error;
    }
    return { kind: "claimed", id, charged: true };
  });
}

/** Asks the model for the line: one line, whatever the model wrote (a line may go into a subject, a header). */
async function ask(owner: AiLineOwner, line: TAiVariable, source: AiLineSource): Promise<Written> {
  const maxLength = line.maxLength ?? DEFAULT_AI_LINE_MAX;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      const value = (await getTextGenerator().writeLine({ name: line.name, prompt: line.prompt, maxLength, ...source })).replace(/\s+/g, " ").trim().slice(0, maxLength);
      // The model found nothing to write from: asking again would not change that.
      if (!value) return { status: "failed", value: null, reason: AI_REASONS.noFacts };
      // A link in the line (a lead's post can ask for one) is never sent.
      if (aiLineHasLink(value)) return { status: "failed", value: null, reason: AI_REASONS.link };
      return { status: "ready", value, reason: null };
    } catch (error) {
      logger.warn("Writing an AI line failed", { reference: `${owner.campaignLeadId}:${owner.stepId}:${line.name}`, attempt, error });
    }
  }
  return { status: "failed", value: null, reason: AI_REASONS.providerFailed };
}

/** Waits while another writer's claim on the line is fresh (it writes and pays for the line). */
async function waitForOtherWriter(id: string): Promise<void> {
  for (let waited = 0; waited < WAIT_MS; waited += POLL_MS) {
    const row = await db.aiLine.findUnique({ where: { id }, select: { status: true, updatedAt: true } });
    if (!row || row.status !== "writing" || now().getTime() - row.updatedAt.getTime() >= CLAIM_STALE_MS) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Writes `lines` for the lead and stores them (replacing a row written for an older prompt, never a
 * current one). With `approval`, a written line waits in the approvals queue (`pending-approval`).
 * Returns the credits this call spent (its own debits less its refunds).
 */
export async function writeAiLines(input: {
  owner: AiLineOwner;
  lines: TAiVariable[];
  source: AiLineSource;
  approval: boolean;
  preview?: boolean;
  userId?: string;
  /**
   * Wait (up to 90 s) for a line another writer holds: a preview does, to show it. The executor does
   * not: a mailbox's or sender's turn must not stall, and the lead comes back for it later.
   */
  waitForOtherWriters?: boolean;
}): Promise<{ creditsSpent: number }> {
  const { owner } = input;
  let creditsSpent = 0;
  for (const line of input.lines) {
    const claimed = await claim(owner, line, input.source, input.preview ?? false, input.userId);
    if (claimed.kind === "taken" && (input.waitForOtherWriters ?? true)) await waitForOtherWriter(claimed.id);
    if (claimed.kind !== "claimed") continue;
    const written = await ask(owner, line, input.source);
    const status = written.status === "ready" && input.approval ? "pending-approval" : written.status;
    const data: Prisma.AiLineUpdateManyMutationInput = { value: written.value, status, reason: written.reason, updatedAt: now() };
    // Only this writer's claim is settled (a claim taken over as stale meanwhile is the other writer's).
    const settled = await db.aiLine.updateMany({ where: { id: claimed.id, status: "writing", promptHash: aiPromptHash(line) }, data });
    const kept = settled.count > 0 && written.status === "ready";
    if (claimed.charged && !kept) await refundAiCredits({ workspaceId: owner.workspaceId, amount: AI_LINE_COST, reference: `${owner.campaignLeadId}:${owner.stepId}:${line.name}` });
    else if (claimed.charged) creditsSpent += AI_LINE_COST;
  }
  return { creditsSpent };
}
