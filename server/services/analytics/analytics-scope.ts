// The scope of an analytics read: its period, and the campaign, sender and mailbox it is narrowed to,
// each checked to be the workspace's (another workspace's id is "not found", as everywhere).
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { addDays, resolvePeriod, type Period } from "../../domain/analytics/period";
import type { TAnalyticsFilter } from "../../schemas/analytics";

export interface AnalyticsScope {
  workspaceId: string;
  period: Period;
  campaignId?: string;
  senderId?: string;
  mailboxId?: string;
}

export async function analyticsScope(actor: Actor, filter: TAnalyticsFilter): Promise<AnalyticsScope> {
  const [campaign, sender, mailbox] = await Promise.all([
    filter.campaignId ? db.campaign.findFirst({ where: { id: filter.campaignId, workspaceId: actor.workspaceId }, select: { id: true } }) : null,
    filter.senderId ? db.linkedinAccount.findFirst({ where: { id: filter.senderId, workspaceId: actor.workspaceId }, select: { id: true } }) : null,
    filter.mailboxId ? db.mailbox.findFirst({ where: { id: filter.mailboxId, workspaceId: actor.workspaceId }, select: { id: true } }) : null,
  ]);
  if (filter.campaignId && !campaign) throw HeraldError.notFound("Campaign");
  if (filter.senderId && !sender) throw HeraldError.notFound("Sender");
  if (filter.mailboxId && !mailbox) throw HeraldError.notFound("Mailbox");
  return {
    workspaceId: actor.workspaceId,
    period: resolvePeriod(filter, now()),
    campaignId: filter.campaignId,
    senderId: filter.senderId,
    mailboxId: filter.mailboxId,
  };
}

/**
 * The SQL conditions of a scope on a table with workspaceId, campaignId, and the sender and mailbox
 * columns given, from the first day to the last (both included) on the day column given; the values
 * are appended to `values` as numbered parameters.
 */
export function scopeConditions(
  scope: AnalyticsScope,
  columns: { day: string; dayKind: "date" | "timestamp"; sender: string; mailbox: string; alias: string },
  range: { from: string; to: string },
  values: unknown[],
): string {
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const { alias } = columns;
  const conditions = [`${alias}."workspaceId" = ${param(scope.workspaceId)}`];
  if (columns.dayKind === "date") {
    conditions.push(`${columns.day} BETWEEN ${param(range.from)}::date AND ${param(range.to)}::date`);
  } else {
    conditions.push(`${columns.day} >= ${param(new Date(`${range.from}T00:00:00Z`))}`);
    conditions.push(`${columns.day} < ${param(new Date(`${addDays(range.to, 1)}T00:00:00Z`))}`);
  }
  if (scope.campaignId) conditions.push(`${alias}."campaignId" = ${param(scope.campaignId)}`);
  if (scope.senderId) conditions.push(`${columns.sender} = ${param(scope.senderId)}`);
  if (scope.mailboxId) conditions.push(`${columns.mailbox} = ${param(scope.mailboxId)}`);
  return conditions.join(" AND ");
}
