// Per-lead AI lines ("AI variables"): the lines in the approvals queue and the step editor's preview.
// One schema per shape, shared by REST (/api/v1/pending-ai-lines, /api/v1/campaigns/{id}/steps/{stepId}/ai-preview),
// tRPC (the `aiLines` router), OpenAPI and the dashboard.
import { z } from "zod";
import { ZPaginationQuery, ZPagingWithTotal, ZTimestamp } from "./common";

/** ready: used as written; pending-approval: waits in the approvals queue; approved; rejected (the fallback); failed (the fallback, `reason` says why). */
export const AI_LINE_STATUSES = ["ready", "pending-approval", "approved", "rejected", "failed"] as const;
export const ZAiLineStatus = z.enum(AI_LINE_STATUSES, { message: `must be one of ${AI_LINE_STATUSES.join(", ")}` });
export type TAiLineStatus = z.infer<typeof ZAiLineStatus>;

export const AI_LINE_VALUE_MAX = 1000;

export const ZPendingAiLine = z
  .object({
    id: z.string(),
    campaignId: z.string(),
    campaignName: z.string(),
    campaignLeadId: z.string(),
    leadId: z.string(),
    stepId: z.string(),
    stepLabel: z.string().meta({ description: "The step in words, as the campaign's editor names it", example: "E-mail 1" }),
    name: z.string().meta({ description: "The line's name, as the copy uses it after `ai.`", example: "icebreaker" }),
    prompt: z.string().meta({ description: "The step's prompt the line was written from" }),
    value: z.string().nullable().meta({ description: "The line as written (null when none could be)" }),
    status: ZAiLineStatus,
    reason: z.string().nullable().meta({ description: "Why there is no line (failed), in words" }),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    headline: z.string().nullable(),
    company: z.string().nullable(),
    decidedAt: ZTimestamp.nullable(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: "PendingAiLine", description: "A per-lead AI line written for a campaign step (beyond the spec)" });
export type TPendingAiLine = z.infer<typeof ZPendingAiLine>;

export const ZListAiLinesQuery = ZPaginationQuery.extend({
  status: ZAiLineStatus.optional().meta({ description: "Default: pending-approval" }),
  campaignId: z.string().min(1).optional(),
});
export type TListAiLinesQuery = z.infer<typeof ZListAiLinesQuery>;
export const ZPendingAiLineList = z.object({ data: z.array(ZPendingAiLine), paging: ZPagingWithTotal });

/** A person's line: white space is collapsed to one line and the step's `maxLength` for the line applies (400 naming `value`). */
const lineText = z.string().trim().min(1, "is required: write the line, or reject it").max(AI_LINE_VALUE_MAX, `must be at most ${AI_LINE_VALUE_MAX} characters`);

export const ZEditAiLineInput = z.object({ value: lineText.meta({ description: "The line's new text, kept as one line (white space collapsed) of at most the line's maxLength in the step; it stays waiting for a decision" }) }).meta({ description: "Changes the line; it stays pending" });

export const ZApproveAiLineInput = z
  .object({
    value: lineText.optional().meta({ description: "The line as edited, kept as one line (white space collapsed) of at most the line's maxLength in the step; left out, the line as written is approved" }),
  })
  .meta({ description: "Approves the line, optionally edited" });

/** At most this many leads a preview writes lines for. */
export const AI_PREVIEW_MAX_LEADS = 5;

export const ZAiPreviewInput = z
  .object({
    campaignLeadIds: z
      .array(z.string().min(1))
      .min(1, "choose at least one lead")
      .max(AI_PREVIEW_MAX_LEADS, `at most ${AI_PREVIEW_MAX_LEADS} leads`)
      .optional()
      .meta({ description: `The campaign's leads to preview for (each with the variant it gets; a lead stopped, finished or past the step is refused); left out, the first ${AI_PREVIEW_MAX_LEADS} of the campaign still to be sent the step` }),
    variantId: z.string().min(1).optional().meta({ description: "Without chosen leads, the sample is of leads that get this variant of the step; each lead is always shown with its own variant" }),
  })
  .meta({ id: "AiPreviewInput" });
export type TAiPreviewInput = z.infer<typeof ZAiPreviewInput>;

export const ZAiPreviewLead = z.object({
  campaignLeadId: z.string(),
  leadName: z.string().meta({ description: "The lead's name in words (or its e-mail address)" }),
  variantId: z.string().meta({ description: "The step's variant this lead gets, whose copy is shown" }),
  lines: z.array(z.object({ name: z.string(), value: z.string().nullable(), status: ZAiLineStatus, reason: z.string().nullable() })).meta({ description: "The lines this lead's version of the copy uses (a line inside a spintax choice the lead's version leaves out is not written)" }),
  subject: z.string().nullable().meta({ description: "The copy's subject with the lines filled in (e-mail, InMail)" }),
  text: z.string().meta({ description: "The copy with the lines filled in (the body, message or note)" }),
  usedFallback: z.boolean().meta({ description: "The step's fallback copy stands in for this lead" }),
});

export const ZAiPreview = z
  .object({
    leads: z.array(ZAiPreviewLead),
    creditsSpent: z.number().int().meta({ description: "AI credits this preview spent itself (lines already written for the lead and prompt cost nothing; the offline writer's lines cost the same as a model's)" }),
  })
  .meta({ id: "AiPreview", description: "Lines written for a sample of the campaign's leads and the copy they make; the sending reuses them (a changed prompt writes new ones)" });
export type TAiPreview = z.infer<typeof ZAiPreview>;
