// Push, activities: Herald's activity since the stored cursors (outbox events in (createdAt, id)
// order, sent invitations in (sentAt, id) order) is logged on each lead's CRM record. Each is logged
// once: CrmSyncedActivity is unique per connection and source id, so a retried batch skips what it
// logged before it failed. Only rows older than the read lag are taken (crm-lag.ts). A reply
// classified interested marks the lead's link as owing a deal when the connection asks for deals;
// the deal pass (create-crm-deal.ts) makes it, so a failed deal is tried again, never lost. An
// activity the CRM refuses is written down and passed; a linked record deleted in the CRM is found
// or created again.
import { db } from "../../db/client";
import type { CrmConnection, Lead, Prisma } from "../../db/generated/client";
import { now } from "../../lib/clock";
import type { CrmActivity, CrmClient, CrmFieldMapping } from "../../providers/crm/types";
import { leadName } from "../leads/lead-name";
import { activityOfEvent, activityOfInvitation, CRM_EVENT_KINDS, POSITIVE_INTEREST } from "./crm-activity-of";
import { afterCursor, formatCrmCursor, parseCrmCursor } from "./crm-cursor";
import { createWantedCrmDeals } from "./create-crm-deal";
import { itemCrmFailure, recordCrmItemFailure } from "./crm-item-failure";
import { crmReadHorizon } from "./crm-lag";
import { ensureCrmRecord, type EnsuredRecord } from "./ensure-crm-record";
import { markCrmDealsWanted } from "./mark-crm-deals-wanted";
import { storedFieldMapping } from "./to-crm-connection";

export const ACTIVITIES_PER_BATCH = 100;

export interface PushActivitiesResult {
  done: boolean;
  logged: number;
  deals: number;
  created: number;
  failed: number;
}

interface Pending {
  sourceId: string;
  leadId: string;
  /** null: the event names no lead; it only moves the cursor. */
  activity: CrmActivity | null;
  cursor: { source: "events" | "invitations"; at: Date; id: string };
}

type Cursors = { events?: string; invitations?: string };

export async function pushCrmActivities(connection: CrmConnection, client: CrmClient): Promise<PushActivitiesResult> {
  const cursors = (connection.activityCursor ?? {}) as Cursors;
  const horizon = crmReadHorizon();
  const events = await db.outboxEvent.findMany({
    where: { workspaceId: connection.workspaceId, event: { in: Object.keys(CRM_EVENT_KINDS) }, createdAt: { lte: horizon }, ...(afterCursor("createdAt", parseCrmCursor(cursors.events)) as Prisma.OutboxEventWhereInput) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: ACTIVITIES_PER_BATCH,
  });
  const invitations = await db.senderAction.findMany({
    where: { workspaceId: connection.workspaceId, type: "invitation", sentAt: { not: null, lte: horizon }, ...(afterCursor("sentAt", parseCrmCursor(cursors.invitations)) as Prisma.SenderActionWhereInput) },
    orderBy: [{ sentAt: "asc" }, { id: "asc" }],
    take: ACTIVITIES_PER_BATCH,
  });
  const pending: Pending[] = [];
  for (const event of events) {
    const found = activityOfEvent(event);
    const cursor = { source: "events" as const, at: event.createdAt, id: event.id };
    // Events without a lead (an unsubscribe of an address no lead has) only move the cursor.
    pending.push(found ? { sourceId: event.id, ...found, cursor } : { sourceId: event.id, leadId: "", activity: null, cursor });
  }
  for (const action of invitations) {
    pending.push({ sourceId: action.id, leadId: action.leadId, activity: activityOfInvitation({ note: action.note, sentAt: action.sentAt! }), cursor: { source: "invitations", at: action.sentAt!, id: action.id } });
  }

  const done = new Set(
    (await db.crmSyncedActivity.findMany({ where: { connectionId: connection.id, sourceId: { in: pending.map((entry) => entry.sourceId) } }, select: { sourceId: true } })).map((row) => row.sourceId),
  );
  const leadIds = [...new Set(pending.map((entry) => entry.leadId).filter(Boolean))];
  const leads = new Map<string, Lead>((await db.lead.findMany({ where: { id: { in: leadIds }, workspaceId: connection.workspaceId } })).map((lead) => [lead.id, lead]));
  const mapping = storedFieldMapping(connection);
  const result: PushActivitiesResult = { done: events.length < ACTIVITIES_PER_BATCH && invitations.length < ACTIVITIES_PER_BATCH, logged: 0, deals: 0, created: 0, failed: 0 };
  const reached: Cursors = { ...cursors };
  try {
    for (const entry of pending) {
      const lead = leads.get(entry.leadId);
      if (entry.activity && lead && !done.has(entry.sourceId)) {
        try {
          await logOne(connection, client, lead, entry.sourceId, entry.activity, mapping, result);
        } catch (error) {
          // One refused activity is written down and passed; a slow-down, an outage or a revoked token stops the batch.
          const failure = itemCrmFailure(error);
          if (!failure) throw error;
          result.failed++;
          const link = await db.crmRecordLink.findUnique({ where: { connectionId_leadId: { connectionId: connection.id, leadId: lead.id } }, select: { id: true } });
          await recordCrmItemFailure({ connectionId: connection.id, provider: connection.provider, leadName: leadName(lead), what: `the ${entry.activity.kind} activity`, error: failure, linkId: link?.id });
        }
      }
      reached[entry.cursor.source] = formatCrmCursor(entry.cursor);
    }
  } finally {
    if (JSON.stringify(reached) !== JSON.stringify(cursors)) {
      await db.crmConnection.update({ where: { id: connection.id }, data: { activityCursor: reached } });
    }
  }
  // Then the deals: interest set by hand marks its links too, and every owed deal is made.
  const interested = await markCrmDealsWanted(connection, client);
  const deals = await createWantedCrmDeals(connection, client);
  result.deals = deals.deals;
  result.failed += deals.failed;
  result.done = result.done && interested.done && deals.done;
  return result;
}

async function logOne(connection: CrmConnection, client: CrmClient, lead: Lead, sourceId: string, activity: CrmActivity, mapping: readonly CrmFieldMapping[], result: PushActivitiesResult) {
  let record: EnsuredRecord = await ensureCrmRecord(connection.id, client, lead, mapping);
  if (record.outcome === "created") result.created++;
  let logged;
  try {
    logged = await client.logActivity(record.link.crmId, activity);
  } catch (error) {
    // The linked record was deleted in the CRM: forget the link, find or create it again, once.
    if (itemCrmFailure(error)?.kind !== "not-found" || record.outcome !== "linked" || !record.link.id) throw error;
    await db.crmRecordLink.deleteMany({ where: { id: record.link.id } });
    record = await ensureCrmRecord(connection.id, client, lead, mapping);
    if (record.outcome === "created") result.created++;
    logged = await client.logActivity(record.link.crmId, activity);
  }
  await db.crmSyncedActivity.createMany({
    data: [{ connectionId: connection.id, sourceId, kind: activity.kind, crmId: logged.id, createdAt: now() }],
    skipDuplicates: true,
  });
  result.logged++;
  // The deal is owed from here on; the deal pass makes it (and retries it) until the link has its id.
  if (activity.kind === "replied" && activity.interest === POSITIVE_INTEREST && connection.createDeals && record.link.id && !record.link.dealId) {
    await db.crmRecordLink.update({ where: { id: record.link.id }, data: { dealWanted: true } });
  }
}
