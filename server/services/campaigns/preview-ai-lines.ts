// "Preview AI lines": writes a step's AI lines for a sample of up to five of the campaign's leads and
// shows the copy they make. Each lead is previewed as sending would treat it: its own variant, its
// own version of the copy's spintax, and only the lines that version uses (lead-ai-lines.ts), so the
// preview never writes or charges a line the lead's e-mail or message leaves out. The lines are
// stored as sending stores them (AiLine, marked preview; waiting for approval when the step asks for
// it), so sending reuses them and pays nothing again; a changed prompt writes new ones. A line
// already current for the lead (waiting, approved, rejected) is never written over, and a lead held
// for its lines, stopped, finished or past the step gets nothing written. Each line written spends AI
// credits as sending does (the offline writer's too); `creditsSpent` is this preview's own.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import { parseInput } from "../../lib/zod-issues";
import { AI_PREVIEW_MAX_LEADS, ZAiPreviewInput, type TAiPreview, type TAiPreviewInput } from "../../schemas/ai-lines";
import { AI_PREFIX, aiLinesUsed, declaredAiLines, decideAiLines } from "../../domain/sequence/ai-lines";
import { leadCopyVersion } from "../../domain/sequence/lead-ai-lines";
import { renderCopy } from "../../domain/sequence/render-copy";
import { fieldSeed } from "../../domain/sequence/spintax";
import { sequenceOf, stepById } from "./executor/load-campaign-sequence";
import { findCampaign } from "./find-campaign";
import { mergeFields } from "./lead-merge-fields";
import { aiLineSource, latestPostOf } from "./ai-lines/ai-line-source";
import { readAiLineStates } from "./ai-lines/resolve-ai-lines";
import { writeAiLines } from "./ai-lines/write-ai-lines";

/** How many of the campaign's leads (in order) are looked through for a sample that gets the chosen variant. */
const SAMPLE_SCAN = 500;
/** Leads still to be sent to: not stopped, finished or failed. */
const SENDING = ["pending", "running", "paused"] as const;

const leadName = (lead: { firstName: string | null; lastName: string | null; email: string | null }) => [lead.firstName, lead.lastName].filter(Boolean).join(" ") || lead.email || "A lead without a name";

export async function previewAiLines(actor: Actor, campaignId: string, stepId: string, input: TAiPreviewInput = {}): Promise<TAiPreview> {
  const { campaignLeadIds, variantId } = parseInput(ZAiPreviewInput, input ?? {});
  const campaign = await findCampaign(actor, campaignId);
  const sequence = sequenceOf(campaign);
  const step = stepById(sequence, stepId);
  if (!step) throw HeraldError.notFound("Step");
  if (!declaredAiLines(step).length) throw HeraldError.invalidInput("This step has no AI lines to preview: declare one first, then save the sequence.", [{ field: "stepId", message: "declares no AI lines" }]);
  if (variantId && !step.config.variants.some((candidate) => candidate.id === variantId)) throw HeraldError.invalidInput("No such variant in this step.", [{ field: "variantId", message: "names no variant of this step" }]);

  const campaignLeads = await db.campaignLead.findMany({
    where: { campaignId: campaign.id, ...(campaignLeadIds ? { id: { in: campaignLeadIds } } : { status: { in: [...SENDING] }, journal: { none: { stepId: step.id } } }) },
    include: { lead: true, journal: { where: { stepId: step.id }, select: { id: true } } },
    orderBy: { seq: "asc" },
    take: campaignLeadIds ? AI_PREVIEW_MAX_LEADS : SAMPLE_SCAN,
  });
  const unknown = (campaignLeadIds ?? []).filter((id) => !campaignLeads.some((row) => row.id === id));
  if (unknown.length) throw HeraldError.invalidInput("Some of the chosen leads are not in this campaign.", [{ field: "campaignLeadIds", message: `are not leads of this campaign: ${unknown.join(", ")}` }]);
  const done = campaignLeads.filter((row) => !(SENDING as readonly string[]).includes(row.status) || row.journal.length);
  if (done.length) {
    const names = done.map((row) => leadName(row.lead)).join(", ");
    throw HeraldError.invalidInput(`Some of the chosen leads will not be sent this step: ${names}.`, [{ field: "campaignLeadIds", message: `are stopped, finished or already past this step: ${names}` }]);
  }
  // Without chosen leads, the sample is of leads that get the variant asked for (variant A's editor shows A's leads).
  const sample = campaignLeadIds ? campaignLeads : campaignLeads.filter((row) => !variantId || leadCopyVersion(sequence, step, row.id).variant.id === variantId).slice(0, AI_PREVIEW_MAX_LEADS);

  const approval = step.config.aiApproval === "required";
  let creditsSpent = 0;
  const leads: TAiPreview["leads"] = [];
  for (const campaignLead of sample) {
    const { lead } = campaignLead;
    const { variant, spin } = leadCopyVersion(sequence, step, campaignLead.id);
    const used = aiLinesUsed(step, variant, spin);
    const owner = { workspaceId: actor.workspaceId, campaignId: campaign.id, campaignLeadId: campaignLead.id, leadId: lead.id, stepId: step.id, linkedinAccountId: campaignLead.linkedinAccountId };
    // A lead already held for this step's lines keeps them: the approvals queue decides them.
    const held = campaignLead.phase === "approval" && campaignLead.currentStepId === step.id;
    const decision = decideAiLines({ used, states: await readAiLineStates(campaignLead.id, step.id, used) });
    if (decision.kind === "generate" && !held) {
      const source = aiLineSource(lead, await latestPostOf(lead, campaignLead.linkedinAccountId), null);
      creditsSpent += (await writeAiLines({ owner, lines: decision.lines, source, approval, preview: true, userId: actor.userId })).creditsSpent;
    }
    const states = await readAiLineStates(campaignLead.id, step.id, used);
    const shown = used.map((line) => {
      const state = states.get(line.name)!;
      const value = state.status === "rejected" || state.status === "none" ? null : (state.value ?? null);
      return { name: line.name, value, status: state.status === "none" ? ("failed" as const) : state.status, reason: state.reason ?? null };
    });
    const fields = { ...mergeFields(lead, campaignLead), ...Object.fromEntries(shown.map((line) => [`${AI_PREFIX}${line.name}`, line.value])) };
    // The lead's version of the copy's spintax, as sending picks it (email-content.ts, perform-lead-step.ts).
    const bodyField = step.type === "email" ? "body" : variant.text ? "text" : "note";
    const body = renderCopy(variant.text ?? variant.note ?? variant.html, variant.fallbackText ?? variant.fallbackNote, fields, fieldSeed(spin.seed, bodyField));
    const subjectSeed = spin.subjectSeed === undefined ? spin.seed : spin.subjectSeed;
    const subject = variant.subject ? renderCopy(variant.subject, variant.fallbackSubject, fields, fieldSeed(subjectSeed, "subject")).text : null;
    leads.push({ campaignLeadId: campaignLead.id, leadName: leadName(lead), variantId: variant.id, lines: shown, subject, text: body.text, usedFallback: body.usedFallback });
  }
  return { leads, creditsSpent };
}
