// Moving a campaign lead: to its next step, or to a resting status with lead.status_changed, and
// the campaign to finished (once) when its last lead comes to rest.
import type { Prisma } from "../../../db/client";
import type { CampaignLead, CampaignLeadStatus, Lead } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import type { Emit } from "../../events/with-outbox";
import type { Placement } from "../engine/step-timing";

export const RESTING_STATUSES: ReadonlySet<CampaignLeadStatus> = new Set(["replied", "done", "failed", "paused", "stopped"]);

type CampaignLeadWithLead = CampaignLead & { lead: Pick<Lead, "firstName" | "lastName" | "publicIdentifier"> };

export async function checkCampaignFinished(tx: Prisma.TransactionClient, emit: Emit, campaignId: string): Promise<void> {
  const [open, total] = await Promise.all([
    tx.campaignLead.count({ where: { campaignId, status: { in: ["pending", "running"] } } }),
    tx.campaignLead.count({ where: { campaignId } }),
  ]);
  if (open > 0 || total === 0) return;
  const claimed = await tx.campaign.updateMany({ where: { id: campaignId, finishedAt: null }, data: { finishedAt: now() } });
  if (!claimed.count) return;
  const campaign = await tx.campaign.findUniqueOrThrow({ where: { id: campaignId }, select: { workspaceId: true, name: true } });
  await emit({ workspaceId: campaign.workspaceId, event: "campaign.finished", data: { campaignId, name: campaign.name, stats: { total } } });
}

/** Sets a lead's status; a resting status fires lead.status_changed and may finish the campaign. */
export async function setCampaignLeadStatus(
  tx: Prisma.TransactionClient,
  emit: Emit,
  campaignLead: CampaignLeadWithLead,
  status: CampaignLeadStatus,
  fields: Prisma.CampaignLeadUpdateInput = {},
): Promise<void> {
  const at = now();
  const finishing = status === "done" || status === "failed" || status === "replied" || status === "stopped";
  await tx.campaignLead.update({
    where: { id: campaignLead.id },
    data: { status, ...(finishing ? { finishedAt: at, waitUntil: null } : {}), ...fields, updatedAt: at },
  });
  if (campaignLead.status === status || !RESTING_STATUSES.has(status)) return;
  await emit({
    workspaceId: campaignLead.workspaceId,
    event: "lead.status_changed",
    data: {
      campaignLeadId: campaignLead.id,
      campaignId: campaignLead.campaignId,
      leadId: campaignLead.leadId,
      oldStatus: campaignLead.status,
      newStatus: status,
      lead: {
        firstName: campaignLead.lead.firstName,
        lastName: campaignLead.lead.lastName,
        publicIdentifier: campaignLead.lead.publicIdentifier,
      },
    },
  });
  await checkCampaignFinished(tx, emit, campaignLead.campaignId);
}

/** Puts a lead on its next step, or finishes it (done) at the end of its branch. */
export async function placeCampaignLead(
  tx: Prisma.TransactionClient,
  emit: Emit,
  campaignLead: CampaignLeadWithLead,
  placement: Placement,
  fields: Prisma.CampaignLeadUpdateInput = {},
): Promise<void> {
  if (placement.kind === "end") {
    await setCampaignLeadStatus(tx, emit, campaignLead, "done", { ...fields, phase: "ready", currentStepId: null, currentStepType: null });
    return;
  }
  await tx.campaignLead.update({
    where: { id: campaignLead.id },
    data: {
      ...fields,
      status: "running",
      phase: "ready",
      currentStepId: placement.step.id,
      currentStepType: placement.step.type,
      waitUntil: placement.waitUntil,
      updatedAt: now(),
    },
  });
}
