// A comment draft as the API, tRPC and the queue show it.
import { db, type DbClient } from "../../db/client";
import type { PendingComment } from "../../db/generated/client";
import type { TPendingComment } from "../../schemas/approvals";
import { draftNames, leadCard, type DraftNames, type LeadCard } from "./draft-context";

export type PendingCommentRow = PendingComment & { campaignLead: { lead: LeadCard } };

export function toPendingComment(row: PendingCommentRow, names: DraftNames): TPendingComment {
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
    status: row.status as TPendingComment["status"],
    prompt: row.prompt,
    comment: row.comment,
    postUrl: row.postUrl,
    postText: row.postText,
    postedAt: row.postedAt?.toISOString() ?? null,
    generations: row.generations,
    error: row.error,
    ...leadCard(row.campaignLead.lead),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function toPendingComments(rows: PendingCommentRow[], client: DbClient = db): Promise<TPendingComment[]> {
  const names = await draftNames(rows, client);
  return rows.map((row) => toPendingComment(row, names));
}
