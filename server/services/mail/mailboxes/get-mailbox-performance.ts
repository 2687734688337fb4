// A mailbox's results over the last `days` days (in its timezone), against the days before, per day,
// per campaign and since it was connected. E-mails count per message; replies and bounces per lead
// (several replies of one lead are one reply). A reply is the lead's e-mail into the mailbox (kind
// `reply`: auto-replies, bounce and complaint reports and mail from no lead are not), or a reply on
// another channel (CampaignLead.lastReplyAt) when the lead's latest campaign message was an e-mail of
// this mailbox. A bounce is an e-mail of the mailbox whose status became `bounced`. Opens and clicks
// (the series only) count the leads who first opened or clicked one of the mailbox's e-mails that day.
import { db, Prisma } from "../../../db/client";
import type { Actor } from "../../../lib/actor";
import { now } from "../../../lib/clock";
import { addZonedDays, startOfZonedDay, zonedDateString } from "../../../lib/time-zones";
import type { TMailboxPerformance, TMailboxPerformanceQuery } from "../../../schemas/mailbox";
import { findMailbox } from "./find-mailbox";

interface Totals {
  sent: number;
  contacted: number;
  replies: number;
  bounces: number;
}

/** A UTC instant as the database's timestamp columns hold it. */
function at(date: Date): Prisma.Sql {
  return Prisma.sql`(${date.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

/** Every countable fact of one mailbox: what, when, for which campaign, and which lead (by id, else address). */
function facts(mailboxId: string): Prisma.Sql {
  return Prisma.sql`
    WITH facts AS (
      SELECT 'sent' AS kind, m."sentAt" AS at, m."campaignId" AS "campaignId", COALESCE(m."leadId", lower(m."toAddress")) AS lead
        FROM "EmailMessage" m
       WHERE m."mailboxId" = ${mailboxId} AND m.direction = 'outbound' AND m."sentAt" IS NOT NULL
      UNION ALL
      SELECT 'bounce', m."sentAt", m."campaignId", COALESCE(m."leadId", lower(m."toAddress"))
        FROM "EmailMessage" m
       WHERE m."mailboxId" = ${mailboxId} AND m.direction = 'outbound' AND m.status = 'bounced' AND m."sentAt" IS NOT NULL
      UNION ALL
      SELECT 'open', m."openedAt", m."campaignId", COALESCE(m."leadId", lower(m."toAddress"))
        FROM "EmailMessage" m
       WHERE m."mailboxId" = ${mailboxId} AND m.direction = 'outbound' AND m."openedAt" IS NOT NULL
      UNION ALL
      SELECT 'click', m."clickedAt", m."campaignId", COALESCE(m."leadId", lower(m."toAddress"))
        FROM "EmailMessage" m
       WHERE m."mailboxId" = ${mailboxId} AND m.direction = 'outbound' AND m."clickedAt" IS NOT NULL
      UNION ALL
      SELECT 'reply', COALESCE(m."sentAt", m."createdAt"), m."campaignId", COALESCE(m."leadId", lower(m."fromAddress"))
        FROM "EmailMessage" m
       WHERE m."mailboxId" = ${mailboxId} AND m.direction = 'inbound' AND m.kind = 'reply'
      UNION ALL
      SELECT 'reply', cl."lastReplyAt", cl."campaignId", cl."leadId"
        FROM "CampaignLead" cl
       WHERE cl."emailAccountId" = ${mailboxId} AND cl."lastReplyAt" IS NOT NULL
         AND EXISTS (
           SELECT 1 FROM "EmailMessage" e
            WHERE e."mailboxId" = ${mailboxId} AND e."campaignLeadId" = cl.id AND e.direction = 'outbound'
              AND e."sentAt" <= cl."lastReplyAt" AND (cl."messageSentAt" IS NULL OR e."sentAt" >= cl."messageSentAt"))
    )`;
}

function totalsSql(filter: Prisma.Sql, prefix: string): Prisma.Sql {
  return Prisma.sql`
    count(*) FILTER (WHERE kind = 'sent' AND ${filter})::int AS ${Prisma.raw(`"${prefix}Sent"`)},
    count(DISTINCT lead) FILTER (WHERE kind = 'sent' AND ${filter})::int AS ${Prisma.raw(`"${prefix}Contacted"`)},
    count(DISTINCT lead) FILTER (WHERE kind = 'reply' AND ${filter})::int AS ${Prisma.raw(`"${prefix}Replies"`)},
    count(DISTINCT lead) FILTER (WHERE kind = 'bounce' AND ${filter})::int AS ${Prisma.raw(`"${prefix}Bounces"`)}`;
}

function pick(row: Record<string, number>, prefix: string): Totals {
  return { sent: row[`${prefix}Sent`] ?? 0, contacted: row[`${prefix}Contacted`] ?? 0, replies: row[`${prefix}Replies`] ?? 0, bounces: row[`${prefix}Bounces`] ?? 0 };
}

function withRates(totals: Totals) {
  const rate = (count: number) => (totals.contacted ? Math.round((count / totals.contacted) * 10_000) / 10_000 : 0);
  return { ...totals, replyRate: rate(totals.replies), bounceRate: rate(totals.bounces) };
}

function delta(current: number, previous: number) {
  return { change: current - previous, percent: previous ? Math.round(((current - previous) / previous) * 1000) / 10 : null };
}

export async function getMailboxPerformance(actor: Actor, mailboxId: string, query: TMailboxPerformanceQuery): Promise<TMailboxPerformance> {
  const mailbox = await findMailbox(actor, mailboxId);
  const zone = mailbox.timezone;
  const end = addZonedDays(startOfZonedDay(now(), zone), 1, zone);
  const start = addZonedDays(end, -query.days, zone);
  const previousStart = addZonedDays(start, -query.days, zone);
  const inPeriod = Prisma.sql`at >= ${at(start)} AND at < ${at(end)}`;
  const inPrevious = Prisma.sql`at >= ${at(previousStart)} AND at < ${at(start)}`;

  const [windows] = await db.$queryRaw<Array<Record<string, number>>>`
    ${facts(mailbox.id)}
    SELECT ${totalsSql(inPeriod, "period")}, ${totalsSql(inPrevious, "previous")}, ${totalsSql(Prisma.sql`TRUE`, "all")} FROM facts`;
  const dayRows = await db.$queryRaw<Array<{ date: string; sent: number; opens: number; clicks: number; replies: number; bounces: number }>>`
    ${facts(mailbox.id)}
    SELECT to_char((at AT TIME ZONE 'UTC') AT TIME ZONE ${zone}, 'YYYY-MM-DD') AS date,
           count(*) FILTER (WHERE kind = 'sent')::int AS sent,
           count(DISTINCT lead) FILTER (WHERE kind = 'open')::int AS opens,
           count(DISTINCT lead) FILTER (WHERE kind = 'click')::int AS clicks,
           count(DISTINCT lead) FILTER (WHERE kind = 'reply')::int AS replies,
           count(DISTINCT lead) FILTER (WHERE kind = 'bounce')::int AS bounces
      FROM facts WHERE ${inPeriod} GROUP BY 1`;
  const campaignRows = await db.$queryRaw<Array<Record<string, number> & { campaignId: string }>>`
    ${facts(mailbox.id)}
    SELECT "campaignId", ${totalsSql(Prisma.sql`TRUE`, "c")} FROM facts WHERE "campaignId" IS NOT NULL AND ${inPeriod} GROUP BY "campaignId"`;
  const names = new Map(
    (await db.campaign.findMany({ where: { id: { in: campaignRows.map((row) => row.campaignId) } }, select: { id: true, name: true } })).map((campaign) => [
      campaign.id,
      campaign.name,
    ]),
  );

  const period = pick(windows ?? {}, "period");
  const previous = pick(windows ?? {}, "previous");
  const byDate = new Map(dayRows.map((row) => [row.date, row]));
  const daily: TMailboxPerformance["daily"] = [];
  for (let index = 0; index < query.days; index += 1) {
    const date = zonedDateString(addZonedDays(start, index, zone), zone);
    const row = byDate.get(date);
    daily.push({ date, sent: row?.sent ?? 0, opens: row?.opens ?? 0, clicks: row?.clicks ?? 0, replies: row?.replies ?? 0, bounces: row?.bounces ?? 0 });
  }
  return {
    mailboxId: mailbox.id,
    days: query.days,
    timezone: zone,
    period: { ...withRates(period), from: zonedDateString(start, zone), to: zonedDateString(addZonedDays(end, -1, zone), zone) },
    previousPeriod: {
      sent: previous.sent,
      replies: previous.replies,
      bounces: previous.bounces,
      from: zonedDateString(previousStart, zone),
      to: zonedDateString(addZonedDays(start, -1, zone), zone),
    },
    deltas: { sent: delta(period.sent, previous.sent), replies: delta(period.replies, previous.replies), bounces: delta(period.bounces, previous.bounces) },
    daily,
    allTime: withRates(pick(windows ?? {}, "all")),
    campaigns: campaignRows
      .map((row) => ({ campaignId: row.campaignId, campaignName: names.get(row.campaignId) ?? "Deleted campaign", ...withRates(pick(row, "c")) }))
      .sort((a, b) => b.sent - a.sent || a.campaignName.localeCompare(b.campaignName)),
    counters: { sent: mailbox.sentCount, bounced: mailbox.bouncedCount, complained: mailbox.complainedCount },
  };
}
