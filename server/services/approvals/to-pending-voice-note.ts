// A voice note draft as the API, tRPC and the queue show it, with a fresh signed address of its
// audio (files are never public; the address expires, so each read signs a new one).
import { db, type DbClient } from "../../db/client";
import type { PendingVoiceNote } from "../../db/generated/client";
import { signedFileUrl } from "../../lib/signed-file-url";
import type { TPendingVoiceNote } from "../../schemas/approvals";
import { draftNames, leadCard, type DraftNames, type LeadCard } from "./draft-context";

export type PendingVoiceNoteRow = PendingVoiceNote & { campaignLead: { lead: LeadCard } };

export function toPendingVoiceNote(row: PendingVoiceNoteRow, names: DraftNames): TPendingVoiceNote {
  const audio = signedFileUrl(row.audioKey);
  return {
    id: row.id,
    campaignId: row.campaignId,
    campaignName: names.campaigns.get(row.campaignId) ?? "",
    campaignLeadId: row.campaignLeadId,
    leadId: row.leadId,
    linkedinAccountId: row.linkedinAccountId,
    senderName: names.senders.get(row.linkedinAccountId) ?? null,
    stepId: row.stepId,
    variantId: row.variantId,
    status: row.status as TPendingVoiceNote["status"],
    kind: row.kind === "recorded" ? "recorded" : "ai",
    script: row.script,
    voiceId: row.voiceId,
    voiceName: row.voiceName,
    audioUrl: audio.url,
    audioUrlExpiresAt: audio.expiresAt.toISOString(),
    audioMimeType: row.audioMimeType,
    durationMs: row.durationMs,
    recordedByPerson: row.recordedById != null,
    error: row.error,
    ...leadCard(row.campaignLead.lead),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function toPendingVoiceNotes(rows: PendingVoiceNoteRow[], client: DbClient = db): Promise<TPendingVoiceNote[]> {
  const names = await draftNames(rows, client);
  return rows.map((row) => toPendingVoiceNote(row, names));
}
