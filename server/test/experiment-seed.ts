// A campaign's A/B history for the experiment tests: leads at rest whose journal says which variant
// of a step each got, and whether they replied (or accepted, for an invitation step), with the
// columns the executor and the readers write (invitation, message or e-mail sent, the reply), so
// the analytics' rollups count them as they would count a real campaign's.
import { db } from "../db/client";
import type { Actor } from "../lib/actor";
import { now } from "../lib/clock";

export type VariantHistory = { variantId: string; reached: number; successes: number; interested?: number };

export async function seedVariantHistory(actor: Actor, campaignId: string, step: { id: string; type: string }, variants: VariantHistory[]): Promise<void> {
  const at = now();
  const plan = variants.flatMap((variant) =>
    Array.from({ length: variant.reached }, (_, index) => ({ variantId: variant.variantId, success: index < variant.successes, interested: index < (variant.interested ?? 0) })),
  );
  const stamp = `${step.id}-${Math.random().toString(36).slice(2, 8)}`;
  const leads = await db.lead.createManyAndReturn({
    data: plan.map((_, index) => ({ workspaceId: actor.workspaceId, firstName: "Lead", lastName: `${stamp}-${index}`, source: "test", createdAt: at, updatedAt: at })),
    select: { id: true },
  });
  const invite = step.type === "invite";
  const email = step.type === "email";
  const before = new Date(at.getTime() - 86_400_000);
  const rows = await db.campaignLead.createManyAndReturn({
    data: plan.map((lead, index) => ({
      workspaceId: actor.workspaceId,
      campaignId,
      leadId: leads[index]!.id,
      status: !invite && lead.success ? ("replied" as const) : ("done" as const),
      invitationSentAt: email ? null : before,
      invitationAccepted: invite && lead.success,
      messageSentAt: !invite && !email ? at : null,
      emailSentAt: email ? at : null,
      lastReplyAt: !invite && lead.success ? at : null,
      emailRepliedAt: email && lead.success ? at : null,
      interest: lead.interested ? "interested" : null,
      currentStepId: step.id,
      currentStepType: step.type,
      finishedAt: at,
      createdAt: at,
      updatedAt: at,
    })),
    select: { id: true },
  });
  await db.campaignLeadStep.createMany({
    data: rows.map((row, index) => ({
      campaignLeadId: row.id,
      campaignId,
      stepId: step.id,
      stepType: step.type,
      variantId: plan[index]!.variantId,
      status: "done",
      outcome: plan[index]!.success ? "yes" : "no",
      startedAt: at,
      finishedAt: at,
    })),
  });
}
