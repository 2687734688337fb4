// Push, activities: Herald's activity since the stored cursors (outbox events in (createdAt, id)
// order, sent invitations in (sentAt, id) order) is logged on each lead's CRM record. Each is logged
// once: CrmSyncedActivity is unique per connection and source id, so a retried batch skips what it
// logged before it failed. A reply classified interested makes a deal when the connection asks.
import { db } from "../../db/client";
import type { CrmConnection, Lead, Prisma } from "../../db/generated/client";
import { now } from "../../lib/clock";
import type { CrmActivity, CrmClient } from "../../providers/crm/types";
import { activityOfEvent, activityOfInvitation, CRM_EVENT_KINDS } from "./crm-activity-of";
import { afterCursor, formatCrmCursor, parseCrmCursor } from "./crm-cursor";
import { createCrmDeal } from "./create-crm-deal";
import { ensureCrmRecord } from "./ensure-crm-record";
import { storedFieldMapping } from "./to-crm-connection";

export const ACTIVITIES_PER_BATCH = 100;

export interface PushActivitiesResult {
  done: boolean;
  logged: number;
  deals: number;
  created: number;
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
  const events = await db.outboxEvent.findMany({
    where: { workspaceId: connection.workspaceId, event: { in: Object.keys(CRM_EVENT_KINDS) }, ...(afterCursor("createdAt", parseCrmCursor(cursors.events)) as Prisma.OutboxEventWhereInput) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: ACTIVITIES_PER_BATCH,
  });
  const invitations = await db.senderAction.findMany({
    where: { workspaceId: connection.workspaceId, type: "invitation", sentAt: { not: null }, ...(afterCursor("sentAt", parseCrmCursor(cursors.invitations)) as Prisma.SenderActionWhereInput) },
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
  const result: PushActivitiesResult = { done: events.length < ACTIVITIES_PER_BATCH && invitations.length < ACTIVITIES_PER_BATCH, logged: 0, deals: 0, created: 0 };
  const reached: Cursors = { ...cursors };
  try {
    for (const entry of pending) {
      const lead = leads.get(entry.leadId);
      if (entry.activity && lead && !done.has(entry.sourceId)) {
        const record = await ensureCrmRecord(connection.id, client, lead, mapping);
        if (record.outcome === "created") result.created++;
        const logged = await client.logActivity(record.link.crmId, entry.activity);
        await db.crmSyncedActivity.createMany({
          data: [{ connectionId: connection.id, sourceId: entry.sourceId, kind: entry.activity.kind, crmId: logged.id, createdAt: now() }],
          skipDuplicates: true,
        });
        result.logged++;
        if (entry.activity.kind === "replied" && (await createCrmDeal(connection, client, lead, record.link, entry.activity.interest))) result.deals++;
      }
      reached[entry.cursor.source] = formatCrmCursor(entry.cursor);
    }
  } finally {
    if (JSON.stringify(reached) !== JSON.stringify(cursors)) {
      await db.crmConnection.update({ where: { id: connection.id }, data: { activityCursor: reached } });
    }
  }
  return result;
}
