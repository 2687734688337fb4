// Approvals: AI-drafted comments and voice notes that wait for a person before they go out. One
// schema per shape, shared by REST (/api/v1/pending-comments, /api/v1/pending-voice-notes), tRPC
// (the `approvals` router), OpenAPI and the dashboard's Approvals page.
import { z } from "zod";
import { ZPaginationQuery, ZPagingWithTotal, ZTimestamp } from "./common";
import { AUDIO_MIME_TYPES, AUDIO_TYPES_IN_WORDS, zMediaType } from "./media-types";

/**
 * pending: waits for a person; approved: the sender's next turn sends it; sent; failed (LinkedIn
 * refused it; `error` says why); rejected; cancelled: its lead left the step first (stopped,
 * replied, removed), so there is nothing left to decide.
 */
export const APPROVAL_STATUSES = ["pending", "approved", "sent", "rejected", "failed", "cancelled"] as const;
export const ZApprovalStatus = z.enum(APPROVAL_STATUSES, { message: `must be one of ${APPROVAL_STATUSES.join(", ")}` });
export type TApprovalStatus = z.infer<typeof ZApprovalStatus>;

/** What a draft needs before it goes out, per campaign. */
export const ZCampaignApprovals = z
  .object({
    comments: z.boolean().meta({ description: "AI-drafted comments wait for approval (default true); false posts them as drafted" }),
    aiVoiceNotes: z.boolean().meta({ description: "AI voice notes wait for approval (default true)" }),
    recordedVoiceNotes: z.boolean().meta({ description: "Recorded voice notes wait for approval too (default false: sent as recorded)" }),
  })
  .meta({ id: "CampaignApprovals", description: "Which drafts of the campaign wait in the Approvals queue before they go out" });
export type TCampaignApprovals = z.infer<typeof ZCampaignApprovals>;
export const DEFAULT_CAMPAIGN_APPROVALS: TCampaignApprovals = { comments: true, aiVoiceNotes: true, recordedVoiceNotes: false };

/** The lead a draft is for, as the queue shows it. */
const leadCard = {
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  headline: z.string().nullable(),
  profileUrl: z.string().nullable(),
  publicIdentifier: z.string().nullable(),
  picture: z.string().nullable().meta({ description: "The lead's profile picture (beyond the spec)" }),
  company: z.string().nullable().meta({ description: "Beyond the spec" }),
};

const context = {
  id: z.string(),
  campaignId: z.string(),
  campaignName: z.string().meta({ description: "Beyond the spec" }),
  campaignLeadId: z.string(),
  leadId: z.string(),
  linkedinAccountId: z.string().meta({ description: "The sender that sends it (beyond the spec)" }),
  senderName: z.string().nullable().meta({ description: "Beyond the spec" }),
  stepId: z.string(),
  variantId: z.string().nullable(),
  status: ZApprovalStatus,
};

const times = {
  decidedAt: ZTimestamp.nullable(),
  sentAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
};

export const ZPendingVoiceNote = z
  .object({
    ...context,
    kind: z.enum(["ai", "recorded"]).meta({ description: "`ai`: spoken from the step's script; `recorded`: a recorded voice note step's recording (its campaign asks for approval). Beyond the spec" }),
    script: z.string().nullable().meta({ description: "The script as spoken for this lead (placeholders filled in); null for a recording" }),
    voiceId: z.string().nullable(),
    voiceName: z.string().nullable(),
    audioUrl: z.string().meta({ description: "A signed address of the audio, valid for a limited time (see `audioUrlExpiresAt`); fetch the note again for a fresh one" }),
    audioUrlExpiresAt: ZTimestamp.meta({ description: "Beyond the spec" }),
    audioMimeType: z.string(),
    durationMs: z.number().int(),
    recordedByPerson: z.boolean().meta({ description: "A person replaced the generated audio with their own recording (beyond the spec)" }),
    error: z.string().nullable(),
    ...leadCard,
    ...times,
  })
  .meta({ id: "PendingVoiceNote" });
export type TPendingVoiceNote = z.infer<typeof ZPendingVoiceNote>;

export const ZPendingComment = z
  .object({
    ...context,
    prompt: z.string().meta({ description: "The step's instructions the draft was written from" }),
    comment: z.string().meta({ description: "The comment as it will be posted" }),
    postUrl: z.string(),
    postText: z.string().meta({ description: "The lead's post being commented on" }),
    postedAt: ZTimestamp.nullable().meta({ description: "When the lead published the post" }),
    generations: z.number().int().meta({ description: "How many drafts were written (1 + regenerations); each spends AI credits" }),
    error: z.string().nullable(),
    ...leadCard,
    ...times,
  })
  .meta({ id: "PendingComment" });
export type TPendingComment = z.infer<typeof ZPendingComment>;

export const ZListApprovalsQuery = ZPaginationQuery.extend({
  status: ZApprovalStatus.optional().meta({ description: "Default: pending" }),
  campaignId: z.string().min(1).optional(),
  linkedinAccountId: z.string().min(1).optional().meta({ description: "The sender" }),
});
export type TListApprovalsQuery = z.infer<typeof ZListApprovalsQuery>;

export const ZPendingVoiceNoteList = z.object({ data: z.array(ZPendingVoiceNote), paging: ZPagingWithTotal });
export const ZPendingCommentList = z.object({ data: z.array(ZPendingComment), paging: ZPagingWithTotal });

export const COMMENT_MAX = 1250;
const commentText = z.string().trim().min(1, "must not be empty").max(COMMENT_MAX, `must be at most ${COMMENT_MAX} characters (LinkedIn's limit)`);

export const ZApproveCommentInput = z
  .object({ comment: commentText.optional().meta({ description: "Post this text instead of the draft" }) })
  .meta({ description: "Optional: the comment as edited by the approver" });
export const ZEditCommentInput = z.object({ comment: commentText }).meta({ description: "The new text; the draft stays pending" });
export const ZRegenerateCommentInput = z
  .object({ prompt: z.string().trim().min(1).max(2000).optional().meta({ description: "Instructions for this lead's new draft instead of the step's" }) })
  .meta({ description: "Optional instructions; a new draft spends AI credits" });
export const ZReRecordVoiceNoteInput = z
  .object({ script: z.string().trim().min(1, "must not be empty").max(2000, "must be at most 2000 characters").optional().meta({ description: "Speak this script instead (placeholders are filled in)" }) })
  .meta({ description: "Optional edited script; new audio spends AI credits" });
export const VOICE_RECORDING_MAX_BYTES = 5 * 1024 * 1024;
export const ZUploadVoiceRecordingInput = z
  .object({
    audio: z.string().min(1, "is required").meta({ description: "The recording, base64 (at most 5 MB decoded)" }),
    mimeType: zMediaType(AUDIO_MIME_TYPES, AUDIO_TYPES_IN_WORDS).meta({
      description: `${AUDIO_TYPES_IN_WORDS}; kept in that canonical form (a recorder's \`codecs\` parameter is dropped; any other parameter or a list is refused)`,
    }),
    durationMs: z.number().int().min(500, "must be at least half a second").max(300_000, "must be at most 5 minutes").optional().meta({
      description: "Its length as the recorder measured it; read from the audio when left out",
    }),
  })
  .meta({ description: "A person's own recording, replacing the generated audio; the note stays pending" });
/** Several drafts decided at once from the queue (the dashboard's bulk actions). */
export const ZBulkDecisionInput = z.object({ ids: z.array(z.string().min(1)).min(1, "choose at least one").max(100, "at most 100 at a time") });
export const ZBulkDecisionResult = z.object({
  decided: z.array(z.string()),
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })).meta({ description: "Drafts left alone, with why (already decided, not found)" }),
});

export const ZApprovalCounts = z.object({ comments: z.number().int(), voiceNotes: z.number().int(), aiLines: z.number().int().meta({ description: "Per-lead AI lines waiting for approval (beyond the spec)" }) }).meta({ id: "ApprovalCounts", description: "Pending drafts per kind" });

/** A text-to-speech voice senders may choose for their AI voice notes. */
export const ZSpeechVoice = z
  .object({
    id: z.string(),
    name: z.string(),
    language: z.string().nullable(),
    provider: z.string().meta({ description: "The speech provider: offline, elevenlabs or openai" }),
  })
  .meta({ id: "SpeechVoice" });
export type TSpeechVoice = z.infer<typeof ZSpeechVoice>;
