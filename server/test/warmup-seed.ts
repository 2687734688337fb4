// Test support: sandbox mailboxes warming on the sandbox warmup network, as warmup start leaves
// them (enrolled with the strategy, day 1 on the start's local date, campaigns held for the
// installation's hold days), without going through the API.
import { db } from "../db/client";
import { presetStrategy } from "../domain/mail/warmup-ramp";
import { env } from "../env";
import { now } from "../lib/clock";
import { zonedDateString } from "../lib/time-zones";
import { getWarmupNetwork } from "../providers/warmup";
import type { TDnsHealth, TWarmupStrategy } from "../schemas/mailbox-health";
import { createTestWorkspace } from "./factories";

let sequence = 0;

export async function seedWarmingMailbox(options: { workspaceId?: string; strategy?: TWarmupStrategy; timezone?: string; dns?: TDnsHealth["status"] | null; email?: string } = {}) {
  sequence += 1;
  const workspaceId = options.workspaceId ?? (await createTestWorkspace()).workspace.id;
  const at = now();
  const timezone = options.timezone ?? "UTC";
  const email = options.email ?? `warm${sequence}-${Math.random().toString(36).slice(2, 8)}@sender.example`;
  const mailbox = await db.mailbox.create({
    data: {
      workspaceId,
      label: `Warm ${sequence}`,
      email,
      provider: "sandbox",
      authType: "sandbox",
      connectedVia: "api",
      timezone,
      dnsHealth: options.dns ? dnsHealth(email.split("@")[1]!, options.dns, at) : undefined,
      createdAt: at,
      updatedAt: at,
    },
  });
  const strategy = options.strategy ?? presetStrategy("conservative");
  const { preset, ...values } = strategy;
  const network = await getWarmupNetwork("sandbox");
  const { externalId } = await network.enroll({ id: mailbox.id, workspaceId, email, provider: "sandbox", timezone }, values);
  const warmup = await db.mailboxWarmup.create({
    data: {
      mailboxId: mailbox.id,
      workspaceId,
      network: "sandbox",
      externalId,
      status: "warming",
      preset,
      startingVolume: values.startingVolume,
      dailyIncrease: values.dailyIncrease,
      targetVolume: values.targetVolume,
      replyInboxMin: values.replyInbox[0],
      replyInboxMax: values.replyInbox[1],
      replyPromotionsMin: values.replyPromotions[0],
      replyPromotionsMax: values.replyPromotions[1],
      replySpam: values.replySpam,
      appliedStrategy: values,
      day: 1,
      dayDate: zonedDateString(at, timezone),
      startedAt: at,
      holdUntil: new Date(at.getTime() + env().HERALD_WARMUP_HOLD_DAYS * 86_400_000),
      holdReason: "warming",
      createdAt: at,
      updatedAt: at,
    },
  });
  return { mailbox, warmup, workspaceId, externalId };
}

/** A stored DNS health of the given overall status (a failing one: SPF missing). */
export function dnsHealth(domain: string, status: TDnsHealth["status"], at: Date): TDnsHealth {
  const ok = { status: "ok" as const, reason: "Found and valid.", record: "v=spf1 include:_spf.sandbox.herald.test -all", fix: null };
  return {
    domain,
    managed: false,
    status,
    spf:
      status === "failing"
        ? { status: "missing", reason: "No SPF record.", record: null, fix: { type: "TXT", host: domain, value: "v=spf1 include:_spf.sandbox.herald.test -all", replaces: null }, lookups: null, includesSendingService: null, allQualifier: null }
        : { ...ok, lookups: 1, includesSendingService: true, allQualifier: "-all" },
    dkim: { ...ok, record: "v=DKIM1; k=rsa; p=MIIB", selector: "herald" },
    dmarc: { ...ok, record: "v=DMARC1; p=quarantine", policy: "quarantine", aligned: true },
    mx: { ...ok, record: null, hosts: [`mx.${domain}`] },
    checkedAt: at.toISOString(),
  };
}
