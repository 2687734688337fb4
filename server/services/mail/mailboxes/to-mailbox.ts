import { db, type DbClient } from "../../../db/client";
import type { DeliverabilityTest, Mailbox, MailboxWarmup } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import { toIso } from "../../../schemas/common";
import { ZMailbox, type TMailbox } from "../../../schemas/mailbox";
import { countMailboxesUsage, countMailboxUsage, type MailboxUsage } from "./count-mailbox-usage";
import { readMailboxSettings } from "./mailbox-columns";
import { toDeliverabilityTest } from "./to-deliverability-test";
import { readDnsHealth } from "../../../schemas/mailbox-health";
import { toWarmup } from "../warmup/to-warmup";
import { ZMailboxHealthFilter } from "../../../schemas/mailbox-health";
import { loadManaged, toManaged, type ManagedExtras } from "./mailbox-managed";
import { mailProviderWebhookUrl } from "./mail-provider-webhook-url";

const ZProvider = ZMailbox.shape.provider;
const ZAuthType = ZMailbox.shape.authType;
const ZConnectedVia = ZMailbox.shape.connectedVia;
const ZStatus = ZMailbox.shape.status;
const ZPausedReason = ZMailbox.shape.pausedReason;

/** What the Mailbox resource shows beside its row: the latest deliverability test and the warmup. */
interface MailboxExtras {
  usage: MailboxUsage;
  test: DeliverabilityTest | null;
  warmup: MailboxWarmup | null;
  managed: ManagedExtras;
}

/** The latest test and the warmup of a page of mailboxes, in two queries. */
async function loadHealth(ids: string[], client: DbClient): Promise<{ tests: Map<string, DeliverabilityTest>; warmups: Map<string, MailboxWarmup> }> {
  if (!ids.length) return { tests: new Map(), warmups: new Map() };
  const [tests, warmups] = await Promise.all([
    // DISTINCT ON in the database (on the (mailboxId, startedAt DESC) index): Prisma's `distinct`
    // fetched every test the page's mailboxes ever ran (never deleted, up to 10 a day each) and
    // kept the newest in memory, on every list and every get.
    client.$queryRaw<DeliverabilityTest[]>`
      SELECT DISTINCT ON ("mailboxId") * FROM "DeliverabilityTest"
      WHERE "mailboxId" = ANY(${ids}::text[])
      ORDER BY "mailboxId", "startedAt" DESC`,
    client.mailboxWarmup.findMany({ where: { mailboxId: { in: ids } } }),
  ]);
  return { tests: new Map(tests.map((test) => [test.mailboxId, test])), warmups: new Map(warmups.map((warmup) => [warmup.mailboxId, warmup])) };
}

/** The Mailbox resource as the API, the dashboard and account.* events show it. Credentials never leave. */
export async function toMailbox(row: Mailbox, client: DbClient = db): Promise<TMailbox> {
  const [usage, health, managed] = await Promise.all([countMailboxUsage(row, now(), client), loadHealth([row.id], client), loadManaged([row], client)]);
  return mailboxResource(row, { usage, test: health.tests.get(row.id) ?? null, warmup: health.warmups.get(row.id) ?? null, managed });
}

/** toMailbox for a list: the page's usage is counted in one query, its managed domains read in one. */
export async function toMailboxes(rows: Mailbox[], client: DbClient = db): Promise<TMailbox[]> {
  const ids = rows.map((row) => row.id);
  const [usage, health, managed] = await Promise.all([countMailboxesUsage(rows, now(), client), loadHealth(ids, client), loadManaged(rows, client)]);
  return rows.map((row) =>
    mailboxResource(row, { usage: usage.get(row.id)!, test: health.tests.get(row.id) ?? null, warmup: health.warmups.get(row.id) ?? null, managed }),
  );
}

function mailboxResource(row: Mailbox, { usage, test, warmup, managed }: MailboxExtras): TMailbox {
  return {
    id: row.id,
    label: row.label,
    email: row.email,
    fromName: row.fromName,
    // A managed Microsoft 365 mailbox read through Graph is a Microsoft mailbox; authType `app` says how.
    provider: ZProvider.parse(row.provider === "microsoft-graph" ? "microsoft" : row.provider),
    authType: ZAuthType.parse(row.authType),
    webhookUrl: mailProviderWebhookUrl(row),
    connectedVia: ZConnectedVia.parse(row.connectedVia),
    hostedLinkId: row.hostedLinkId,
    status: ZStatus.parse(row.status),
    error: row.error,
    settings: readMailboxSettings(row.settings),
    limits: { daily: row.dailyLimit },
    usage: { timezone: row.timezone, ...usage },
    counters: { sent: row.sentCount, bounced: row.bouncedCount, complained: row.complainedCount },
    signature: row.signature,
    paused: row.paused,
    pausedReason: row.paused ? ZPausedReason.parse(row.pausedReason) : null,
    // The row keeps its latest pause after a resume (the rates that pause a mailbox count from it).
    pausedAt: row.paused ? toIso(row.pausedAt) : null,
    trackOpens: row.trackOpens,
    trackClicks: row.trackClicks,
    timezone: row.timezone,
    dnsHealth: readDnsHealth(row.dnsHealth),
    deliverabilityTest: test ? toDeliverabilityTest(test) : null,
    health: ZMailboxHealthFilter.catch("unchecked").parse(row.health),
    managed: toManaged(row, managed),
    warmup: toWarmup(row, warmup, now()),
    restoredFrom: row.restoredFrom,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
