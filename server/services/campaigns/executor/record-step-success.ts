import { db, Prisma, type DbClient } from "../../../db/client";
import { objectRows } from "../../../db/json-timestamps";
import type { Campaign, LinkedinAccount } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import type { WiredSequence, WiredStep } from "../../../schemas/sequence";
import { notifyOutbox } from "../../events/notify-outbox";
import { withOutbox } from "../../events/with-outbox";
import { leadSummary } from "../../leads/lead-summary";
import { senderRest } from "../../../domain/sequence/human-gaps";
import { afterAction } from "../../../domain/sequence/step-timing";
import type { LeadInCampaign } from "./perform-lead-step";
import { placeCampaignLead } from "./settle-campaign-lead";

/** Writing the step's intent made the lead running: it is not pending any more. */
const STARTED = { started: true };

export type SentDetails =
  /** A visit, a like or a follow: the lead moves on, and LinkedIn returns nothing to keep. */
  | { kind: "visit" }
  | { kind: "invitation"; providerRef: string | null; note: string | null }
  /** A comment on the lead's post; commentId null when reconciliation could not tell it (it counts as made). */
  | { kind: "comment"; commentId: string | null }
  | { kind: "message" | "inmail"; chatId: string; messageId: string; text: string; at: string; spentInmailCredit?: boolean; voice?: SentVoice };

/** A voice message's audio in file storage (LinkedinMessage.voice). */
export interface SentVoice {
  audioKey: string;
  mimeType: string;
  durationMs: number;
}

/**
 * Records a step that reached LinkedIn: the journal and the sender action are completed, the step's
 * approved draft (comment, voice note) is sent, the lead waits for an answer or moves on, the sender
 * rests for a human-like gap, and a message (a voice note too) fires message.sent. Also used by reconciliation, when an interrupted step turns out to have happened.
 */
export async function recordStepSuccess(input: {
  campaign: Campaign;
  sequence: WiredSequence;
  campaignLead: LeadInCampaign;
  sender: LinkedinAccount;
  step: WiredStep;
  journalId: string;
  actionId: string | null;
  sent: SentDetails;
}): Promise<void> {
  const { sequence, campaignLead, step, sent } = input;
  const at = now();
  const next = afterAction(sequence, step, at);
  const drafted = sent.kind === "comment" || step.type === "ai_voice_note" || step.type === "voice_note";
  if (next.kind !== "place" && !drafted) {
    // An invitation or a message that leaves the lead waiting (a visit too): one statement, its own
    // transaction, with the message stored and message.sent in the outbox.
    if (await completeStep(db, input, at, next.until)) void notifyOutbox();
    return;
  }
  let emitted = false;
  await withOutbox(async (tx, emit) => {
    // Before the lead moves on: moving it withdraws its open drafts.
    const draft = { where: { campaignLeadId: campaignLead.id, stepId: step.id, status: { in: ["pending", "approved"] } } };
    if (sent.kind === "comment") await tx.pendingComment.updateMany({ ...draft, data: { status: "sent", sentAt: at, providerRef: sent.commentId, updatedAt: at } });
    if (step.type === "ai_voice_note" || step.type === "voice_note") {
      await tx.pendingVoiceNote.updateMany({ ...draft, data: { status: "sent", sentAt: at, providerRef: sent.kind === "message" ? sent.messageId : null, updatedAt: at } });
    }
    emitted = await completeStep(tx, input, at, next.kind === "place" ? null : next.until);
    if (next.kind === "place") await placeCampaignLead(tx, emit, campaignLead, next.placement, { contacted: true }, STARTED);
  });
  // The statement wrote message.sent to the outbox itself (withOutbox learns only of events emitted through it).
  if (emitted) void notifyOutbox();
}

type StepSuccess = Parameters<typeof recordStepSuccess>[0];

/**
 * The journal and the sender action completed, the sender resting for its human-like gap (and an
 * InMail's credit spent), the lead's last activity and, when it waits for an answer (`waitUntil`
 * not null, an invitation or a message), its place: one statement.
 */
async function completeStep(client: DbClient, input: StepSuccess, at: Date, waitUntil: Date | null): Promise<boolean> {
  const { campaign, campaignLead, sender, journalId, actionId, sent } = input;
  const rest = senderRest(sender.id, sender.campaignActionCount, at.getTime());
  const providerRef = sent.kind === "invitation" ? sent.providerRef : sent.kind === "visit" ? null : sent.kind === "comment" ? sent.commentId : sent.messageId;
  const chatId = sent.kind === "message" || sent.kind === "inmail" ? sent.chatId : null;
  const waits = waitUntil !== null && sent.kind !== "visit" && sent.kind !== "comment";
  const rows = await client.$queryRaw`
      WITH journal AS (
        UPDATE "CampaignLeadStep" SET status = 'done', "finishedAt" = ${at} WHERE id = ${journalId} RETURNING id
      ), action AS (
        UPDATE "SenderAction" SET
          status = ${sent.kind === "invitation" ? "pending" : "done"},
          "providerRef" = ${providerRef},
          "chatId" = ${chatId},
          note = CASE WHEN ${sent.kind === "invitation"} THEN ${sent.kind === "invitation" ? sent.note : null} ELSE note END,
          "sentAt" = ${at},
          "updatedAt" = ${at}
        WHERE id = ${actionId} RETURNING id
      ), rested AS (
        UPDATE "LinkedinAccount" SET
          "nextActionAt" = ${new Date(rest.until)},
          "campaignActionCount" = "campaignActionCount" + 1,
          -- An InMail to a profile that is not open spends a credit: the balance the next InMail step checks.
          "inmailBalance" = CASE WHEN ${sent.kind === "inmail" && Boolean(sent.spentInmailCredit)} AND "inmailBalance" > 0 THEN "inmailBalance" - 1 ELSE "inmailBalance" END
        WHERE id = ${sender.id} RETURNING id
      ), waiting AS (
        UPDATE "CampaignLead" SET
          contacted = true,
          phase = 'waiting',
          "invitationSentAt" = CASE WHEN ${sent.kind === "invitation"} THEN ${at} ELSE "invitationSentAt" END,
          "messageSentAt" = CASE WHEN ${sent.kind === "invitation"} THEN "messageSentAt" ELSE ${at} END,
          "waitUntil" = ${waitUntil},
          "updatedAt" = ${at}
        WHERE id = ${campaignLead.id} AND ${waits} RETURNING id
      ), touched AS (
        UPDATE "Lead" SET "lastActivityAt" = ${at} WHERE id = ${campaignLead.leadId} RETURNING id
      )${waitUntil !== null && (sent.kind === "message" || sent.kind === "inmail") ? storedMessage(campaign, campaignLead, sender, sent, at) : Prisma.sql` SELECT false AS emitted`}`;
  return objectRows(rows)[0]?.emitted === true;
}

/**
 * The rest of the statement for a message that leaves the lead waiting for a reply: the message
 * stored in the inbox (once: a reconciled step may find it stored already) and, when it was,
 * message.sent in the outbox.
 */
function storedMessage(
  campaign: Campaign,
  campaignLead: LeadInCampaign,
  sender: LinkedinAccount,
  sent: Extract<SentDetails, { kind: "message" | "inmail" }>,
  at: Date,
): Prisma.Sql {
  const event = {
    source: "campaign",
    accountId: sender.id,
    campaignLeadId: campaignLead.id,
    campaignId: campaign.id,
    leadId: campaignLead.leadId,
    chatId: sent.chatId,
    message: { text: sent.text, at: sent.at },
    to: leadSummary(campaignLead.lead),
  };
  return Prisma.sql`, stored AS (
        INSERT INTO "LinkedinMessage" ("workspaceId", "accountId", "leadId", "chatId", "providerMessageId", direction, source, text, voice, at, "createdAt")
        VALUES (${campaign.workspaceId}, ${sender.id}, ${campaignLead.leadId}, ${sent.chatId}, ${sent.messageId}, 'outbound', 'campaign', ${sent.text},
          ${sent.voice ? JSON.stringify(sent.voice) : null}::jsonb, ${new Date(sent.at)}, ${at})
        ON CONFLICT DO NOTHING
        RETURNING id
      ), event AS (
        INSERT INTO "OutboxEvent" ("workspaceId", event, data, "createdAt")
        SELECT ${campaign.workspaceId}, 'message.sent', ${JSON.stringify(event)}::jsonb, ${at} FROM stored
        RETURNING id
      )
      SELECT EXISTS (SELECT 1 FROM event) AS emitted`;
}
