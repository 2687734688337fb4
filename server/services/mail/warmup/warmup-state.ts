// What every warmup operation shares: the actor's mailbox with its warmup row, the envelope they
// all answer with ({warmup, available, limits}), the row a first write creates, and the warmup
// network's calls with their failures in plain words.
import { db, type DbClient } from "../../../db/client";
import { Prisma, type Mailbox, type MailboxWarmup } from "../../../db/generated/client";
import { DEFAULT_WARMUP_PRESET, HEALTH_WINDOW_DAYS, presetStrategy, type PlacementCounts } from "../../../domain/mail/warmup-ramp";
import type { Actor } from "../../../lib/actor";
import { HeraldError } from "../../../lib/errors";
import { addZonedDays, zonedDateString } from "../../../lib/time-zones";
import { getWarmupNetwork, warmupNetworkFor } from "../../../providers/warmup";
import { WarmupNetworkError, type WarmupMailbox, type WarmupNetwork, type WarmupNetworkName } from "../../../providers/warmup/types";
import type { TWarmupResult, TWarmupStrategy, TWarmupStrategyValues } from "../../../schemas/mailbox-health";
import { API_MAIL_PROVIDER_LABELS, isApiMailProviderName } from "../../../providers/mail/api/types";
import { toWarmup } from "./to-warmup";
import { warmupLimits } from "./warmup-limits";

export type WarmupMailboxRow = Mailbox & { warmup: MailboxWarmup | null; workspace: { emailChannelEnabled: boolean } };

/** The actor's workspace's mailbox with its warmup, or a 404 (also for another workspace's mailbox). */
export async function loadWarmupMailbox(actor: Actor, mailboxId: string, client: DbClient = db): Promise<WarmupMailboxRow> {
  const row = await client.mailbox.findFirst({
    where: { id: mailboxId, workspaceId: actor.workspaceId },
    include: { warmup: true, workspace: { select: { emailChannelEnabled: true } } },
  });
  if (!row) throw new HeraldError({ code: "not-found", message: "No mailbox with this id in the workspace" });
  return row;
}

/** Why warmup cannot run for the mailbox now, in plain words; null when it can. */
export function unavailableReason(mailbox: WarmupMailboxRow): string | null {
  if (!mailbox.workspace.emailChannelEnabled) return "The workspace's email channel is turned off, so its mailboxes cannot warm up. An admin can turn it on under Settings.";
  if (mailbox.status !== "connected") {
    return `${mailbox.email} is not connected${mailbox.error ? ` (${mailbox.error})` : ""}, so it cannot send or receive warmup e-mail. Reconnect it, then start warmup.`;
  }
  if (isApiMailProviderName(mailbox.provider)) {
    return `${mailbox.email} sends through ${API_MAIL_PROVIDER_LABELS[mailbox.provider]}, which does not take part in warmup: warmup has to read its e-mails in the mailbox's folders, and e-mail API providers do not allow warmup traffic. Warm the domain up with a regular mailbox instead.`;
  }
  return null;
}

/** Where the last 7 days' warmup mail landed (today included, in the mailbox's zone): the health shown. */
async function recentPlacement(mailbox: Pick<Mailbox, "id" | "timezone">, at: Date, client: DbClient): Promise<PlacementCounts> {
  const since = zonedDateString(addZonedDays(at, -(HEALTH_WINDOW_DAYS - 1), mailbox.timezone), mailbox.timezone);
  const sums = await client.warmupDay.aggregate({ where: { mailboxId: mailbox.id, date: { gte: since } }, _sum: { inbox: true, spam: true, promotions: true } });
  return { inbox: sums._sum.inbox ?? 0, spam: sums._sum.spam ?? 0, promotions: sums._sum.promotions ?? 0 };
}

/** The answer of every warmup endpoint. */
export async function warmupEnvelope(mailbox: WarmupMailboxRow, row: MailboxWarmup | null, at: Date, client: DbClient = db): Promise<TWarmupResult> {
  const counts = row ? await recentPlacement(mailbox, at, client) : undefined;
  return { warmup: toWarmup(mailbox, row, at, counts), available: unavailableReason(mailbox) === null, limits: warmupLimits(mailbox, row, at) };
}

export function strategyValues(strategy: TWarmupStrategy | TWarmupStrategyValues): TWarmupStrategyValues {
  return {
    startingVolume: strategy.startingVolume,
    dailyIncrease: strategy.dailyIncrease,
    targetVolume: strategy.targetVolume,
    replyInbox: [strategy.replyInbox[0], strategy.replyInbox[1]],
    replyPromotions: [strategy.replyPromotions[0], strategy.replyPromotions[1]],
    replySpam: strategy.replySpam,
  };
}

/** The strategy's columns of a MailboxWarmup row. */
export function strategyColumns(strategy: TWarmupStrategy) {
  return {
    preset: strategy.preset,
    startingVolume: strategy.startingVolume,
    dailyIncrease: strategy.dailyIncrease,
    targetVolume: strategy.targetVolume,
    replyInboxMin: strategy.replyInbox[0],
    replyInboxMax: strategy.replyInbox[1],
    replyPromotionsMin: strategy.replyPromotions[0],
    replyPromotionsMax: strategy.replyPromotions[1],
    replySpam: strategy.replySpam,
  };
}

/** The mailbox's warmup row, created pending with the default preset on its first write. */
export async function ensureWarmupRow(mailbox: WarmupMailboxRow, at: Date, client: DbClient = db): Promise<MailboxWarmup> {
  if (mailbox.warmup) return mailbox.warmup;
  // INSERT … ON CONFLICT DO NOTHING: two first writes at once (a double-clicked start, a start and a
  // strategy change) both go on with the one row. Prisma's upsert with an empty update is a
  // find-then-create, and the slower one failed on the unique mailboxId with a 500.
  await client.mailboxWarmup.createMany({
    data: [
      {
        mailboxId: mailbox.id,
        workspaceId: mailbox.workspaceId,
        network: warmupNetworkFor(mailbox),
        status: "pending",
        ...strategyColumns(presetStrategy(DEFAULT_WARMUP_PRESET)),
        appliedStrategy: Prisma.DbNull,
        createdAt: at,
        updatedAt: at,
      },
    ],
    skipDuplicates: true,
  });
  return client.mailboxWarmup.findUniqueOrThrow({ where: { mailboxId: mailbox.id } });
}

export function networkMailbox(mailbox: Mailbox): WarmupMailbox {
  return { id: mailbox.id, workspaceId: mailbox.workspaceId, email: mailbox.email, provider: mailbox.provider as WarmupMailbox["provider"], timezone: mailbox.timezone };
}

/** The network a row's warmup is on (the one it was enrolled at), else the one the mailbox would use. */
export function networkNameOf(mailbox: Mailbox, row: MailboxWarmup | null): WarmupNetworkName {
  return row?.network === "pool" || row?.network === "sandbox" ? row.network : warmupNetworkFor(mailbox);
}

/** Calls the warmup network; its failure becomes a 409 warmup-unavailable saying what to do. */
export async function atNetwork<T>(name: WarmupNetworkName, call: (network: WarmupNetwork) => Promise<T>): Promise<T> {
  const network = await getWarmupNetwork(name);
  try {
    return await call(network);
  } catch (error) {
    if (!(error instanceof WarmupNetworkError)) throw error;
    const which = name === "pool" ? "Herald's warmup pool" : "The sandbox warmup network";
    throw new HeraldError({
      code: "warmup-unavailable",
      message: error.retryable ? `${which} did not answer. Nothing was changed; try again in a few minutes.` : `${which} refused the change: ${error.message}`,
      cause: error,
    });
  }
}
