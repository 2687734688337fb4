import { db, type DbClient } from "../../db/client";
import type { Mailbox } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { toIso } from "../../schemas/common";
import { ZMailbox, type TMailbox } from "../../schemas/mailbox";
import { countMailboxesUsage, countMailboxUsage, type MailboxUsage } from "./count-mailbox-usage";
import { readMailboxSettings } from "./mailbox-columns";

const ZProvider = ZMailbox.shape.provider;
const ZAuthType = ZMailbox.shape.authType;
const ZConnectedVia = ZMailbox.shape.connectedVia;
const ZStatus = ZMailbox.shape.status;
const ZPausedReason = ZMailbox.shape.pausedReason;

/** The Mailbox resource as the API, the dashboard and account.* events show it. Credentials never leave. */
export async function toMailbox(row: Mailbox, client: DbClient = db): Promise<TMailbox> {
  return mailboxResource(row, await countMailboxUsage(row, now(), client));
}

/** toMailbox for a list: the page's usage is counted in one query. */
export async function toMailboxes(rows: Mailbox[], client: DbClient = db): Promise<TMailbox[]> {
  const usage = await countMailboxesUsage(rows, now(), client);
  return rows.map((row) => mailboxResource(row, usage.get(row.id)!));
}

function mailboxResource(row: Mailbox, usage: MailboxUsage): TMailbox {
  return {
    id: row.id,
    label: row.label,
    email: row.email,
    fromName: row.fromName,
    provider: ZProvider.parse(row.provider),
    authType: ZAuthType.parse(row.authType),
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
    dnsHealth: null,
    deliverabilityTest: null,
    managed: null,
    warmup: null,
    restoredFrom: row.restoredFrom,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
