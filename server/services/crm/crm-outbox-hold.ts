// The CRM sync reads Herald's activity from the outbox: an event a connection has not pushed yet
// must outlive the outbox's retention, or its activity would never reach the CRM. This is the SQL
// condition (for a DELETE of "OutboxEvent" aliased `e`) that holds such events back: events of a
// kind the sync logs, in a workspace with an active, pushing connection whose events cursor has not
// passed them.
import { Prisma } from "../../db/generated/client";
import { CRM_EVENT_KINDS } from "./crm-activity-of";

export function crmHeldOutboxEvent(): Prisma.Sql {
  return Prisma.sql`(e.event IN (${Prisma.join(Object.keys(CRM_EVENT_KINDS))}) AND EXISTS (
    SELECT 1 FROM "CrmConnection" c
    WHERE c."workspaceId" = e."workspaceId" AND c.status IN ('connected', 'error') AND c."pushEnabled"
      AND (c."activityCursor"->>'events' IS NULL
        OR e."createdAt" >= (split_part(c."activityCursor"->>'events', '|', 1)::timestamptz AT TIME ZONE 'UTC'))))`;
}
