// A campaign step's intent in one statement: the lead is started (a pending lead becomes running;
// a lead stopped or paused since its turn read it is left alone), the sender action is written
// (`sending`) with the step's journal row pointing at it, and the sender's counters are read under
// its usage lock (herald_sender_usage_locked, migration 20261203080000_sender_usage_locked), so
// that the caps are checked against every earlier reservation of the sender. One round trip
// instead of a transaction of four: the statement is its own transaction.
//
// Over a cap (another process reserved the sender's last action since its turn began), the intent
// is taken back at once, the lead pending again if it was. Until then the counters count it, which
// can only make a concurrent reservation refuse itself, never exceed a cap; a crash in between
// leaves a `sending` intent that the sender's next turn reconciles, as after any interrupted step.
import { db } from "../../db/client";
import type { LinkedinAccount } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { objectRows, textOrNull } from "../../db/json-timestamps";
import { usageFrom, usageRowsFrom, type UsageRow } from "../senders/count-sender-usage";
import type { WorkspaceLimits } from "../senders/sender-capped-kinds";
import { capCheck, invitationPending, isUniqueViolation, type ActionIntent, type Capped } from "./reserve-sender-action";

/** A campaign step's journal row, written with its action. */
export interface StepJournal {
  campaignLeadId: string;
  campaignId: string;
  stepId: string;
  stepType: string;
  variantId: string | null;
}

/** The step already has its journal row (another turn took it): nothing to do. */
export class StepAlreadyJournaled extends Error {}

export type StepReservation =
  | { kind: "reserved"; actionId: string; journalId: string }
  | Capped
  /** The lead was stopped, paused or finished since its turn read it: nothing was written. */
  | { kind: "lead-moved-on" };

/** Eight days of counter rows hold the sender's whole week, whichever its zone (usageFrom keeps its own week). */
const USAGE_DAYS_MS = 8 * 86_400_000;

/** The statement's one row: the ids written (null when the lead was not started) and the counter rows. */
function readRow(rows: unknown): { actionId: string | null; journalId: string | null; usage: UsageRow[] } {
  const row = objectRows(rows)[0] ?? {};
  return { actionId: textOrNull(row.actionId), journalId: textOrNull(row.journalId), usage: usageRowsFrom(row.usage) };
}

export async function reserveStepAction(account: LinkedinAccount, intent: ActionIntent, journal: StepJournal, workspace: WorkspaceLimits): Promise<StepReservation> {
  const current = now();
  const since = new Date(current.getTime() - USAGE_DAYS_MS);
  let rows: unknown;
  try {
    rows = await db.$queryRaw`
      WITH started AS (
        UPDATE "CampaignLead" SET status = 'running', "updatedAt" = ${current}
        WHERE id = ${journal.campaignLeadId} AND status IN ('pending', 'running')
        RETURNING id
      ), usage AS (
        SELECT * FROM herald_sender_usage_locked(${account.id}, ${since}::date)
      ), action AS (
        INSERT INTO "SenderAction" ("workspaceId", "accountId", "leadId", type, source, status, "campaignLeadId", "stepId", "variantId",
          "profileUrl", "publicIdentifier", note, "postUrl", "openInvitationKey", "createdAt", "updatedAt")
        SELECT ${account.workspaceId}, ${account.id}, ${intent.leadId}, ${intent.type}, ${intent.source}, 'sending', ${intent.campaignLeadId ?? null},
          ${intent.stepId ?? null}, ${intent.variantId ?? null}, ${intent.profileUrl ?? null}, ${intent.publicIdentifier ?? null}, ${intent.note ?? null},
          ${intent.postUrl ?? null}, ${intent.type === "invitation" ? `${account.id}:${intent.leadId}` : null}, ${current}, ${current}
        FROM started
        RETURNING id
      ), journal AS (
        INSERT INTO "CampaignLeadStep" ("campaignLeadId", "campaignId", "stepId", "stepType", "variantId", status, "startedAt", "actionId")
        SELECT ${journal.campaignLeadId}, ${journal.campaignId}, ${journal.stepId}, ${journal.stepType}, ${journal.variantId}, 'sending', ${current}, action.id
        FROM action
        RETURNING id
      )
      SELECT (SELECT id FROM action) AS "actionId", (SELECT id FROM journal) AS "journalId",
        COALESCE((SELECT jsonb_agg(to_jsonb(u) - 'accountId') FROM usage u), '[]'::jsonb) AS usage`;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (String((error as Error).message).includes("openInvitationKey")) throw invitationPending();
    throw new StepAlreadyJournaled();
  }
  const { actionId, journalId, usage } = readRow(rows);
  if (!actionId || !journalId) return { kind: "lead-moved-on" };
  // The counters were read before the statement's own action was counted: they are the counts before it.
  const counted = usageFrom(usage, account, current);
  const capped = capCheck(account, intent, workspace, { day: counted.day, weekInvitations: counted.week.invitations }, current);
  if (!capped) return { kind: "reserved", actionId, journalId };
  await db.$transaction([
    db.campaignLeadStep.deleteMany({ where: { id: journalId } }),
    db.senderAction.deleteMany({ where: { id: actionId } }),
    db.campaignLead.updateMany({ where: { id: journal.campaignLeadId, status: "running", contacted: false, journal: { none: {} } }, data: { status: "pending" } }),
  ]);
  return capped;
}
