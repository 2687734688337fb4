import { db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { CRM_EVENT_KINDS, POSITIVE_INTEREST } from "./crm-activity-of";

export const CONNECTIONS_PER_PAGE = 500;

/** A connection with nothing new still syncs this often (its tokens kept fresh, its log alive). */
export const IDLE_SYNC_MS = 60 * 60_000;

const cursorTime = (value: Prisma.Sql) => Prisma.sql`(split_part(${value}, '|', 1)::timestamptz AT TIME ZONE 'UTC')`;

/**
 * A page of the connections the scheduled sync runs for, in id order after `afterId`: connected
 * (or failing, to recover), pushing or pulling, and with something to do: exclusion rules to pull,
 * or leads, activity, interest or owed deals newer than its cursors; an idle one still syncs once
 * an hour. Paged so a large installation's schedule never holds every connection in one step.
 */
export async function listCrmConnectionsToSync(afterId: string | null = null, limit = CONNECTIONS_PER_PAGE): Promise<Array<{ id: string; workspaceId: string }>> {
  const idleSince = new Date(now().getTime() - IDLE_SYNC_MS).toISOString();
  const after = afterId ? Prisma.sql`AND c.id > ${afterId}` : Prisma.empty;
  const kinds = Prisma.join(Object.keys(CRM_EVENT_KINDS));
  const changed = Prisma.sql`GREATEST(l."updatedAt", l."lastActivityAt")`;
  return db.$queryRaw<Array<{ id: string; workspaceId: string }>>`
    SELECT c.id, c."workspaceId" FROM "CrmConnection" c
    WHERE c.status IN ('connected', 'error') AND (c."pushEnabled" OR c."pullEnabled") ${after}
      AND (
        c.status = 'error' OR c."lastSyncAt" IS NULL OR c."lastSyncAt" < (${idleSince}::timestamptz AT TIME ZONE 'UTC')
        OR (c."pullEnabled" AND (COALESCE((c."exclusionRules"->>'customers')::boolean, false) OR COALESCE((c."exclusionRules"->>'owned')::boolean, false)
          OR COALESCE(jsonb_array_length(c."exclusionRules"->'listIds'), 0) > 0))
        OR (c."pushEnabled" AND (
          EXISTS (SELECT 1 FROM "Lead" l WHERE l."workspaceId" = c."workspaceId" AND l."lastActivityAt" IS NOT NULL
            AND (c."leadCursor" IS NULL OR ${changed} > ${cursorTime(Prisma.sql`c."leadCursor"`)}))
          OR EXISTS (SELECT 1 FROM "OutboxEvent" e WHERE e."workspaceId" = c."workspaceId" AND e.event IN (${kinds})
            AND (c."activityCursor"->>'events' IS NULL OR e."createdAt" > ${cursorTime(Prisma.sql`c."activityCursor"->>'events'`)}))
          OR EXISTS (SELECT 1 FROM "SenderAction" a WHERE a."workspaceId" = c."workspaceId" AND a.type = 'invitation' AND a."sentAt" IS NOT NULL
            AND (c."activityCursor"->>'invitations' IS NULL OR a."sentAt" > ${cursorTime(Prisma.sql`c."activityCursor"->>'invitations'`)}))
          OR EXISTS (SELECT 1 FROM "CrmRecordLink" k WHERE k."connectionId" = c.id AND k."dealWanted" AND k."dealId" IS NULL)
          OR (c."createDeals" AND EXISTS (SELECT 1 FROM "CampaignLead" m WHERE m."workspaceId" = c."workspaceId" AND m.interest = ${POSITIVE_INTEREST}
            AND (c."interestCursor" IS NULL OR m."updatedAt" > ${cursorTime(Prisma.sql`c."interestCursor"`)})))
        ))
      )
    ORDER BY c.id LIMIT ${limit}`;
}
