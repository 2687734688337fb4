// Who takes part in Herald's warmup pool at a moment: the installation's mailboxes (across
// workspaces) whose warmup runs on the pool and is warming or warm, connected. Each with its local
// date, its warmup day and the day's volume on the ramp, and how a mail provider sees it.
import { z } from "zod";
import { db } from "../../../db/client";
import type { Mailbox, MailboxWarmup } from "../../../db/generated/client";
import { warmupDayOn, warmupVolumeOnDay } from "../../../domain/mail/warmup-ramp";
import { decryptSecret, encryptSecret } from "../../../lib/encryption";
import { now } from "../../../lib/clock";
import { zonedDateString } from "../../../lib/time-zones";
import type { TWarmupStrategyValues } from "../../../schemas/mailbox-health";
import { ZMailServerSettings } from "../../../schemas/mailbox";
import { appCredentials } from "../../mail/graph/app-credentials";
import { mailProviderName, type MailboxHandle, type MailCredentials } from "../../mail/types";

/** Mailboxes on the sandbox network can only write to each other; real ones only to real ones. */
export type PoolGroup = "sandbox" | "real";

export interface PoolParticipant {
  mailbox: Mailbox;
  warmup: MailboxWarmup;
  strategy: TWarmupStrategyValues;
  /** The mailbox's local date (YYYY-MM-DD) at the tick. */
  date: string;
  day: number;
  /** Warmup e-mails it may send that day (first e-mails and replies together). */
  volume: number;
  group: PoolGroup;
  domain: string;
}

export const POOL_STATUSES = ["warming", "warm"];

const ZStrategyValues = z.object({
  startingVolume: z.number().int(),
  dailyIncrease: z.number().int(),
  targetVolume: z.number().int(),
  replyInbox: z.tuple([z.number(), z.number()]),
  replyPromotions: z.tuple([z.number(), z.number()]),
  replySpam: z.number(),
});

/** The strategy the network holds (appliedStrategy), else the row's own columns. */
export function poolStrategy(warmup: MailboxWarmup): TWarmupStrategyValues {
  const applied = ZStrategyValues.safeParse(warmup.appliedStrategy);
  if (applied.success) return applied.data;
  return {
    startingVolume: warmup.startingVolume,
    dailyIncrease: warmup.dailyIncrease,
    targetVolume: warmup.targetVolume,
    replyInbox: [warmup.replyInboxMin, warmup.replyInboxMax],
    replyPromotions: [warmup.replyPromotionsMin, warmup.replyPromotionsMax],
    replySpam: warmup.replySpam,
  };
}

export function participantOn(mailbox: Mailbox, warmup: MailboxWarmup, at: Date): PoolParticipant {
  const strategy = poolStrategy(warmup);
  const date = zonedDateString(at, mailbox.timezone);
  const day = warmupDayOn({ status: warmup.status as "warming" | "warm", day: warmup.day, dayDate: warmup.dayDate }, date);
  return {
    mailbox,
    warmup,
    strategy,
    date,
    day,
    volume: warmupVolumeOnDay(strategy, day),
    group: mailbox.provider === "sandbox" ? "sandbox" : "real",
    domain: mailbox.email.split("@")[1]?.toLowerCase() ?? "",
  };
}

/** The whole pool at `at` (recipients are drawn from all of it, whatever part a tick works on). */
export async function loadPool(at: Date): Promise<PoolParticipant[]> {
  const rows = await db.mailboxWarmup.findMany({
    where: { network: "pool", status: { in: POOL_STATUSES }, mailbox: { status: "connected" } },
    include: { mailbox: true },
    orderBy: { mailboxId: "asc" },
  });
  return rows.map(({ mailbox, ...warmup }) => participantOn(mailbox, warmup, at));
}

const ZCredentials = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("sandbox") }),
  z.object({ kind: z.literal("password"), smtpPassword: z.string(), imapPassword: z.string() }),
  z.object({ kind: z.literal("oauth"), refreshToken: z.string(), accessToken: z.string().nullable(), accessTokenExpiresAt: z.string().nullable() }),
]) satisfies z.ZodType<MailCredentials>;
const ZSettings = z.object({ smtp: ZMailServerSettings, imap: ZMailServerSettings }).nullable();

/**
 * The mailbox as its mail provider sees it, secrets decrypted for this use only. The same as
 * services/mail/mailboxes/mailbox-handle.ts, which a provider may not import (folders depend one way).
 */
export function poolMailboxHandle(row: Mailbox): MailboxHandle {
  const credentials: MailCredentials =
    row.provider === "microsoft-graph"
      ? appCredentials(row)
      : row.credentialsEncrypted
        ? ZCredentials.parse(JSON.parse(decryptSecret(row.credentialsEncrypted)))
        : { kind: "sandbox" };
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    email: row.email,
    provider: mailProviderName(row.provider),
    settings: ZSettings.parse(row.settings ?? null),
    credentials,
    onCredentialsChanged: async (renewed) => {
      await db.mailbox.updateMany({ where: { id: row.id }, data: { credentialsEncrypted: encryptSecret(JSON.stringify(renewed)), updatedAt: now() } });
    },
  };
}
