// Lists a workspace's AI lines in the approvals queue (default: waiting for approval, oldest first),
// with the lead's card, the campaign's name and the step in words; and reads one.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import { parseInput } from "../../lib/zod-issues";
import { ZListAiLinesQuery, type TListAiLinesQuery, type TPendingAiLine } from "../../schemas/ai-lines";
import { stepLabel } from "../../domain/sequence/step-label";
import { sequenceOf } from "../campaigns/executor/load-campaign-sequence";

const INCLUDE = { campaignLead: { select: { lead: { select: { firstName: true, lastName: true, headline: true, company: true } }, campaign: { select: { name: true, sequence: true } } } } } as const;

type Row = NonNullable<Awaited<ReturnType<typeof readRows>>>[number];

const readRows = (where: { id: { in: string[] } }) => db.aiLine.findMany({ where, include: INCLUDE, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

function toPendingAiLine(row: Row): TPendingAiLine {
  const { lead, campaign } = row.campaignLead;
  const steps = sequenceOf(campaign).steps;
  const step = steps.find((candidate) => candidate.id === row.stepId);
  return {
    id: row.id,
    campaignId: row.campaignId,
    campaignName: campaign.name,
    campaignLeadId: row.campaignLeadId,
    leadId: row.leadId,
    stepId: row.stepId,
    stepLabel: step ? stepLabel(steps, step.id, step.type) : "A removed step",
    name: row.name,
    prompt: row.prompt,
    value: row.value,
    status: row.status as TPendingAiLine["status"],
    reason: row.reason,
    firstName: lead.firstName,
    lastName: lead.lastName,
    headline: lead.headline,
    company: lead.company,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A line waiting for approval is listed while its lead waits for it (a lead stopped, replied or
 * moved on meanwhile leaves nothing to decide; its line stays, decided or not, without effect).
 */
export function waitingLead(status: string | undefined) {
  return (status ?? "pending-approval") === "pending-approval" ? { campaignLead: { status: { in: ["pending" as const, "running" as const] }, phase: "approval" } } : {};
}

export async function listPendingAiLines(actor: Actor, query: Partial<TListAiLinesQuery> = {}): Promise<{ data: TPendingAiLine[]; paging: { limit: number; offset: number; total: number } }> {
  const { limit, offset, status, campaignId } = parseInput(ZListAiLinesQuery, query);
  const where = { workspaceId: actor.workspaceId, status: status ?? "pending-approval", ...(campaignId ? { campaignId } : {}), ...waitingLead(status) };
  const [total, page] = await Promise.all([
    db.aiLine.count({ where }),
    db.aiLine.findMany({ where, select: { id: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: limit, skip: offset }),
  ]);
  const rows = page.length ? await readRows({ id: { in: page.map((row) => row.id) } }) : [];
  return { data: rows.map(toPendingAiLine), paging: { limit, offset, total } };
}

export async function getPendingAiLine(actor: Actor, id: string): Promise<TPendingAiLine> {
  const row = await db.aiLine.findFirst({ where: { id, workspaceId: actor.workspaceId }, include: INCLUDE });
  if (!row) throw HeraldError.notFound("AI line");
  return toPendingAiLine(row);
}
