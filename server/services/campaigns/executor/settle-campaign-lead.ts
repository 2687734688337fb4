// Moving a campaign lead: to its next step, or to a resting status with lead.status_changed, and
// the campaign to finished (once) when its last lead comes to rest. Status changes lock the lead's
// row and check where it stands first, so the executor and a person (stop, pause, resume) never
// undo each other: a stopped lead stays stopped even if a step it was on completes afterwards.
import type { Prisma } from "../../../db/client";
import type { CampaignLead, CampaignLeadStatus, Lead } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import type { Emit } from "../../events/with-outbox";
import { campaignStats } from "../campaign-stats";
import type { Placement } from "../../../domain/sequence/step-timing";

export const RESTING_STATUSES: ReadonlySet<CampaignLeadStatus> = new Set(["replied", "done", "failed", "paused", "stopped"]);
const FINISHED: ReadonlySet<CampaignLeadStatus> = new Set(["done", "failed", "replied", "stopped"]);
const MOVING: CampaignLeadStatus[] = ["pending", "running"];

type CampaignLeadWithLead = CampaignLead & { lead: Pick<Lead, "firstName" | "lastName" | "publicIdentifier"> };

/** Locks a campaign lead's row for the transaction and returns its current status. */
export async function lockCampaignLead(tx: Prisma.TransactionClient, campaignLeadId: string): Promise<CampaignLeadStatus | null> {
  const rows = await tx.$queryRaw<Array<{ status: CampaignLeadStatus }>>`
    SELECT status::text AS status FROM "CampaignLead" WHERE id = ${campaignLeadId} FOR UPDATE`;
  return rows[0]?.status ?? null;
}

/**
 * Starts a lead's step: a pending or running lead is (or stays) running, its row locked for the
 * transaction, in one statement. Returns false when the lead was stopped, paused or finished.
 */
export async function startCampaignLead(tx: Prisma.TransactionClient, campaignLeadId: string): Promise<boolean> {
  const started = await tx.$executeRaw`
    UPDATE "CampaignLead" SET status = 'running', "updatedAt" = ${now()}
    WHERE id = ${campaignLeadId} AND status IN ('pending', 'running')`;
  return started > 0;
}

export async function checkCampaignFinished(tx: Prisma.TransactionClient, emit: Emit, campaignId: string): Promise<void> {
  // One transaction at a time decides whether the campaign just finished. FOR NO KEY UPDATE, not FOR
  // UPDATE: the lead-count trigger's foreign-key checks hold FOR KEY SHARE on the campaign, which
  // FOR UPDATE waits for — two turns bringing leads of one campaign to rest deadlocked on it.
  await tx.$executeRaw`SELECT 1 FROM "Campaign" WHERE id = ${campaignId} FOR NO KEY UPDATE`;
  // The counters the database keeps beside the leads (updated in the same statement as each lead),
  // not a count of the campaign's leads: this runs each time a lead comes to rest.
  const stats = (await campaignStats([campaignId], tx)).get(campaignId)!;
  const open = MOVING.reduce((sum, status) => sum + stats[status], 0);
  const total = stats.total;
  if (open > 0 || total === 0) return;
  const claimed = await tx.campaign.updateMany({ where: { id: campaignId, finishedAt: null }, data: { finishedAt: now() } });
  if (!claimed.count) return;
  const campaign = await tx.campaign.findUniqueOrThrow({ where: { id: campaignId }, select: { workspaceId: true, name: true } });
  await emit({ workspaceId: campaign.workspaceId, event: "campaign.finished", data: { campaignId, name: campaign.name, stats: { total } } });
}

/**
 * Sets a lead's status when it currently has one of `from` (by default: moving, pending or
 * running). A resting status fires lead.status_changed and may finish the campaign. Returns whether
 * the status changed.
 */
export async function setCampaignLeadStatus(
  tx: Prisma.TransactionClient,
  emit: Emit,
  campaignLead: CampaignLeadWithLead,
  status: CampaignLeadStatus,
  fields: Prisma.CampaignLeadUpdateInput = {},
  from: CampaignLeadStatus[] = MOVING,
): Promise<boolean> {
  const current = await lockCampaignLead(tx, campaignLead.id);
  if (!current || !from.includes(current)) return false;
  const at = now();
  await tx.campaignLead.update({
    where: { id: campaignLead.id },
    data: { ...fields, status, ...(FINISHED.has(status) ? { finishedAt: at, waitUntil: null } : {}), updatedAt: at },
  });
  if (current === status || !RESTING_STATUSES.has(status)) return current !== status;
  await emit({
    workspaceId: campaignLead.workspaceId,
    event: "lead.status_changed",
    data: {
      campaignLeadId: campaignLead.id,
      campaignId: campaignLead.campaignId,
      leadId: campaignLead.leadId,
      oldStatus: current,
      newStatus: status,
      lead: {
        firstName: campaignLead.lead.firstName,
        lastName: campaignLead.lead.lastName,
        publicIdentifier: campaignLead.lead.publicIdentifier,
      },
    },
  });
  await checkCampaignFinished(tx, emit, campaignLead.campaignId);
  return true;
}

/**
 * Records where a lead stands in its sequence (step, phase, when it is due) and what happened to
 * it. A pending lead becomes running; a paused lead stays paused and resumes from here; a finished
 * lead keeps its status.
 */
export async function moveCampaignLead(
  tx: Prisma.TransactionClient,
  campaignLeadId: string,
  fields: Prisma.CampaignLeadUpdateInput,
  options: { started?: boolean } = {},
): Promise<void> {
  const at = now();
  await tx.campaignLead.update({ where: { id: campaignLeadId }, data: { ...fields, updatedAt: at } });
  // `started`: the lead's intent made it running (startCampaignLead), so it is not pending.
  if (!options.started) await tx.campaignLead.updateMany({ where: { id: campaignLeadId, status: "pending" }, data: { status: "running" } });
}

/** Puts a lead on its next step, or finishes it (done) at the end of its branch. */
export async function placeCampaignLead(
  tx: Prisma.TransactionClient,
  emit: Emit,
  campaignLead: CampaignLeadWithLead,
  placement: Placement,
  fields: Prisma.CampaignLeadUpdateInput = {},
  options: { started?: boolean } = {},
): Promise<void> {
  if (placement.kind === "end") {
    const position = { ...fields, phase: "ready", currentStepId: null, currentStepType: null };
    // A paused lead at the end of its branch is done when it resumes; until then it stays paused.
    if (!(await setCampaignLeadStatus(tx, emit, campaignLead, "done", position))) await moveCampaignLead(tx, campaignLead.id, { ...position, waitUntil: now() }, options);
    return;
  }
  await moveCampaignLead(
    tx,
    campaignLead.id,
    {
      ...fields,
      phase: "ready",
      currentStepId: placement.step.id,
      currentStepType: placement.step.type,
      waitUntil: placement.waitUntil,
    },
    options,
  );
}

/**
 * Fails a lead on a step, in the caller's transaction: the step's journal row is `failed` with the
 * message (written when the step never ran), and the lead `failed` with it when its status is one
 * of `from`. Returns whether the lead's status changed.
 */
export async function failCampaignLeadOnStep(
  tx: Prisma.TransactionClient,
  emit: Emit,
  campaignLead: CampaignLeadWithLead,
  step: { id: string; type: string },
  message: string,
  options: { variantId?: string | null; from?: CampaignLeadStatus[] } = {},
): Promise<boolean> {
  const at = now();
  await tx.campaignLeadStep.upsert({
    where: { campaignLeadId_stepId: { campaignLeadId: campaignLead.id, stepId: step.id } },
    create: {
      campaignLeadId: campaignLead.id,
      campaignId: campaignLead.campaignId,
      stepId: step.id,
      stepType: step.type,
      variantId: options.variantId ?? undefined,
      status: "failed",
      detail: message,
      startedAt: at,
      finishedAt: at,
    },
    update: { status: "failed", detail: message, finishedAt: at },
  });
  return setCampaignLeadStatus(tx, emit, campaignLead, "failed", { error: message }, options.from);
}
