// Mailboxes in Herald's warmup pool for tests: a mailbox row and its MailboxWarmup (network pool,
// warming from day 1 on the given date), and DNS health that passes or fails.
import { db } from "../db/client";
import type { Mailbox } from "../db/generated/client";
import { WARMUP_PRESET_VALUES } from "../domain/mail/warmup-ramp";
import { toJsonColumn } from "../lib/json-column";
import type { TWarmupStrategyValues } from "../schemas/mailbox-health";

/** A DnsHealth (the stored shape) with every check at `status`. */
export function dnsHealthOf(domain: string, status: "ok" | "failing", at: Date) {
  const check = { status, reason: status === "ok" ? "Found and valid." : "No record found.", record: null, fix: null };
  return toJsonColumn({
    domain,
    managed: false,
    status,
    spf: { ...check, lookups: status === "ok" ? 1 : null, includesSendingService: status === "ok", allQualifier: status === "ok" ? "~all" : null },
    dkim: { ...check, selector: status === "ok" ? "herald" : null },
    dmarc: { ...check, policy: status === "ok" ? "quarantine" : null, aligned: status === "ok" },
    mx: { ...check, hosts: status === "ok" ? [`mx.${domain}`] : [] },
    checkedAt: at.toISOString(),
  });
}

export interface PoolMailboxInput {
  workspaceId: string;
  email: string;
  provider?: "sandbox" | "smtp";
  timezone?: string;
  dns?: "ok" | "failing" | null;
  strategy?: TWarmupStrategyValues;
  /** The local date of warmup day 1. */
  startDate: string;
  at: Date;
  settings?: object;
  credentialsEncrypted?: string;
}

export async function createPoolMailbox(input: PoolMailboxInput): Promise<Mailbox> {
  const strategy = input.strategy ?? WARMUP_PRESET_VALUES.conservative;
  const domain = input.email.split("@")[1]!;
  const provider = input.provider ?? "sandbox";
  const mailbox = await db.mailbox.create({
    data: {
      workspaceId: input.workspaceId,
      label: input.email,
      fromName: input.email.split("@")[0]!.replace(/\./g, " "),
      email: input.email,
      provider,
      authType: provider === "sandbox" ? "sandbox" : "password",
      connectedVia: "api",
      timezone: input.timezone ?? "UTC",
      ...(input.settings ? { settings: toJsonColumn(input.settings) } : {}),
      ...(input.credentialsEncrypted ? { credentialsEncrypted: input.credentialsEncrypted } : {}),
      ...(input.dns ? { dnsHealth: dnsHealthOf(domain, input.dns, input.at), dnsCheckedAt: input.at } : {}),
      createdAt: input.at,
      updatedAt: input.at,
    },
  });
  await db.mailboxWarmup.create({
    data: {
      mailboxId: mailbox.id,
      workspaceId: input.workspaceId,
      network: "pool",
      externalId: `pool:${mailbox.id}`,
      status: "warming",
      preset: "custom",
      startingVolume: strategy.startingVolume,
      dailyIncrease: strategy.dailyIncrease,
      targetVolume: strategy.targetVolume,
      replyInboxMin: strategy.replyInbox[0],
      replyInboxMax: strategy.replyInbox[1],
      replyPromotionsMin: strategy.replyPromotions[0],
      replyPromotionsMax: strategy.replyPromotions[1],
      replySpam: strategy.replySpam,
      appliedStrategy: toJsonColumn(strategy),
      day: 1,
      dayDate: input.startDate,
      startedAt: input.at,
      createdAt: input.at,
      updatedAt: input.at,
    },
  });
  return mailbox;
}
