// "Preview AI lines": writes a step's AI lines for a sample of up to five of the campaign's leads and
// shows the copy they make. The lines are stored as sending stores them (AiLine, marked preview), so
// sending reuses them and pays nothing again; a changed prompt writes new ones. Each line written
// spends AI credits as sending does (the offline writer's too).
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import { parseInput } from "../../lib/zod-issues";
import { AI_PREVIEW_MAX_LEADS, ZAiPreviewInput, type TAiPreview, type TAiPreviewInput } from "../../schemas/ai-lines";
import { AI_PREFIX, declaredAiLines, decideAiLines } from "../../domain/sequence/ai-lines";
import { renderCopy } from "../../domain/sequence/render-copy";
import { copySeed, fieldSeed } from "../../domain/sequence/spintax";
import { sequenceOf, stepById } from "./executor/load-campaign-sequence";
import { findCampaign } from "./find-campaign";
import { mergeFields } from "./lead-merge-fields";
import { aiLineSource, latestPostOf } from "./ai-lines/ai-line-source";
import { readAiLineStates } from "./ai-lines/resolve-ai-lines";
import { writeAiLines } from "./ai-lines/write-ai-lines";

const leadName = (lead: { firstName: string | null; lastName: string | null; email: string | null }) => [lead.firstName, lead.lastName].filter(Boolean).join(" ") || lead.email || "A lead without a name";

export async function previewAiLines(actor: Actor, campaignId: string, stepId: string, input: TAiPreviewInput = {}): Promise<TAiPreview> {
  const { campaignLeadIds, variantId } = parseInput(ZAiPreviewInput, input ?? {});
  const campaign = await findCampaign(actor, campaignId);
  const step = stepById(sequenceOf(campaign), stepId);
  if (!step) throw HeraldError.notFound("Step");
  const lines = declaredAiLines(step);
  if (!lines.length) throw HeraldError.invalidInput("This step has no AI lines to preview: declare one first, then save the sequence.", [{ field: "stepId", message: "declares no AI lines" }]);
  const variant = variantId ? step.config.variants.find((candidate) => candidate.id === variantId) : step.config.variants[0];
  if (!variant) throw HeraldError.invalidInput("No such variant in this step.", [{ field: "variantId", message: "names no variant of this step" }]);
  const campaignLeads = await db.campaignLead.findMany({
    where: { campaignId: campaign.id, ...(campaignLeadIds ? { id: { in: campaignLeadIds } } : {}) },
    include: { lead: true },
    orderBy: { seq: "asc" },
    take: AI_PREVIEW_MAX_LEADS,
  });
  const unknown = (campaignLeadIds ?? []).filter((id) => !campaignLeads.some((row) => row.id === id));
  if (unknown.length) throw HeraldError.invalidInput("Some of the chosen leads are not in this campaign.", [{ field: "campaignLeadIds", message: `are not leads of this campaign: ${unknown.join(", ")}` }]);
  const before = await db.workspace.findUniqueOrThrow({ where: { id: actor.workspaceId }, select: { aiCreditBalance: true } });

  const leads: TAiPreview["leads"] = [];
  for (const campaignLead of campaignLeads) {
    const { lead } = campaignLead;
    const owner = { workspaceId: actor.workspaceId, campaignId: campaign.id, campaignLeadId: campaignLead.id, leadId: lead.id, stepId: step.id, linkedinAccountId: campaignLead.linkedinAccountId };
    const decision = decideAiLines({ used: lines, states: await readAiLineStates(campaignLead.id, step.id, lines) });
    if (decision.kind === "generate") {
      const source = aiLineSource(lead, await latestPostOf(lead, campaignLead.linkedinAccountId), null);
      await writeAiLines({ owner, lines: decision.lines, source, approval: false, preview: true, userId: actor.userId });
    }
    const states = await readAiLineStates(campaignLead.id, step.id, lines);
    const shown = lines.map((line) => {
      const state = states.get(line.name)!;
      const value = state.status === "rejected" || state.status === "none" ? null : (state.value ?? null);
      return { name: line.name, value, status: state.status === "none" ? ("failed" as const) : state.status, reason: state.reason ?? null };
    });
    const fields = { ...mergeFields(lead, campaignLead), ...Object.fromEntries(shown.map((line) => [`${AI_PREFIX}${line.name}`, line.value])) };
    // The version of the copy's spintax this lead gets, as sending picks it (perform-email-step, perform-lead-step).
    const seed = copySeed(campaignLead.id, step.id, variant.id);
    const bodyField = step.type === "email" ? "body" : variant.text ? "text" : "note";
    const body = renderCopy(variant.text ?? variant.note ?? variant.html, variant.fallbackText ?? variant.fallbackNote, fields, fieldSeed(seed, bodyField));
    const subject = variant.subject ? renderCopy(variant.subject, variant.fallbackSubject, fields, fieldSeed(seed, "subject")).text : null;
    leads.push({ campaignLeadId: campaignLead.id, leadName: leadName(lead), lines: shown, subject, text: body.text, usedFallback: body.usedFallback });
  }
  const after = await db.workspace.findUniqueOrThrow({ where: { id: actor.workspaceId }, select: { aiCreditBalance: true } });
  return { leads, creditsSpent: Math.max(0, before.aiCreditBalance - after.aiCreditBalance) };
}
