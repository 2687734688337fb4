import type { Prisma } from "../../db/client";
import type { TManualTask } from "../../schemas/manual-task";
import type { TaskKind } from "../../schemas/sequence";
import { leadName } from "../leads/lead-name";

export const TASK_INCLUDE = { campaignLead: { include: { lead: true, campaign: { select: { name: true } } } } } satisfies Prisma.ManualTaskInclude;
export type TaskRow = Prisma.ManualTaskGetPayload<{ include: typeof TASK_INCLUDE }>;

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

export function toManualTask(row: TaskRow, at: Date): TManualTask {
  const { lead } = row.campaignLead;
  const custom = { ...(lead.customVariables as Record<string, unknown>), ...(row.campaignLead.customVariables as Record<string, unknown>) };
  const name = leadName(lead);
  return {
    id: row.id,
    kind: row.kind as TaskKind,
    instructions: row.instructions,
    status: row.status as TManualTask["status"],
    dueAt: row.dueAt.toISOString(),
    overdue: row.status === "pending" && row.dueAt <= at,
    note: row.note,
    campaignId: row.campaignId,
    campaignName: row.campaignLead.campaign.name,
    campaignLeadId: row.campaignLeadId,
    stepId: row.stepId,
    lead: { id: lead.id, name, headline: lead.headline, company: lead.company, email: lead.email, profileUrl: lead.profileUrl, phone: text(custom.phone) },
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}
