// The sandbox mail network's seed inboxes, for testing sandbox mailboxes: the test e-mail goes
// through the sandbox network to seed-1@seeds.sandbox.herald.test, where it is filed as a real
// provider's filter would (placement.ts: the sender's DNS health, warmup days and bounce rate) and
// authenticated from the sender domain's stored DNS health. Seeds never answer: the prospect
// behaviour model does not run on seed mail (no opens, replies or bounces).
import { db } from "../../../db/client";
import type { SandboxEmail } from "../../../db/generated/client";
import { readDnsHealth, type TDnsHealth } from "../../../schemas/mailbox-health";
import { LISTED_SENDING_IP, SANDBOX_SENDING_IP, sandboxDnsWords } from "../../dns";
import { now } from "../../../lib/clock";
import { placeSandboxEmail, type PlacementFacts, type SandboxFolder } from "../sandbox/placement";
import { senderPlacementFacts } from "../sandbox/sandbox-warmup-mail";
import { CRLF, mailDate } from "../sandbox/raw-messages";
import type { SeedInbox } from "./types";

export const SANDBOX_SEED_DOMAIN = "seeds.sandbox.herald.test";
export const SANDBOX_SEED_ADDRESS = `seed-1@${SANDBOX_SEED_DOMAIN}`;
export { SANDBOX_SENDING_IP };

/** The sandbox's sending server: a mailbox on a `listed` domain sends through one the IP blocklists list. */
export function sandboxSendingIp(domain: string): string {
  return sandboxDnsWords(domain).has("listed") ? LISTED_SENDING_IP : SANDBOX_SENDING_IP;
}

export function isSandboxSeedAddress(address: string): boolean {
  return address.trim().toLowerCase().endsWith(`@${SANDBOX_SEED_DOMAIN}`);
}

/** What the seed's filter knows about the sending mailbox: the same facts the network files warmup mail by. */
export async function sandboxPlacementFacts(mailboxId: string): Promise<PlacementFacts> {
  const mailbox = await db.mailbox.findUnique({
    where: { id: mailboxId },
    select: { dnsHealth: true, sentCount: true, bouncedCount: true, timezone: true, warmup: { select: { status: true, day: true, dayDate: true } } },
  });
  if (!mailbox) return { dns: null, warmupDays: 0, bounceRate: 0 };
  return senderPlacementFacts(
    { dns: readDnsHealth(mailbox.dnsHealth)?.status ?? null, sentCount: mailbox.sentCount, bouncedCount: mailbox.bouncedCount, timezone: mailbox.timezone, status: mailbox.warmup?.status ?? null, day: mailbox.warmup?.day ?? null, dayDate: mailbox.warmup?.dayDate ?? null },
    now(),
  );
}

/** Where the seed files an e-mail from this mailbox, keyed by its Message-ID (deterministic). */
export async function sandboxSeedFolder(mailboxId: string, messageId: string): Promise<SandboxFolder> {
  return placeSandboxEmail(await sandboxPlacementFacts(mailboxId), messageId);
}

type Verdict = "pass" | "fail" | "none" | "permerror" | "temperror";

function checkVerdict(status: TDnsHealth["spf"]["status"]): Verdict {
  switch (status) {
    case "ok":
    case "warning":
      return "pass";
    case "missing":
      return "none";
    case "invalid":
      return "permerror";
    case "error":
      return "temperror";
  }
}

/**
 * The verdicts the seed's receiver writes, from the sender domain's stored DNS health: a record in
 * order passes. A domain never checked is judged as the sandbox zones serve it (all in order).
 */
export function sandboxReceiverVerdicts(health: TDnsHealth | null): { spf: Verdict; dkim: Verdict; dmarc: Verdict; selector: string } {
  if (!health) return { spf: "pass", dkim: "pass", dmarc: "pass", selector: "herald" };
  const spf = checkVerdict(health.spf.status);
  const dkim = health.dkim.status === "invalid" ? "fail" : checkVerdict(health.dkim.status);
  const dmarcRecord = health.dmarc.status === "ok" || health.dmarc.status === "warning";
  const dmarc: Verdict = !dmarcRecord ? "none" : spf === "pass" || dkim === "pass" ? "pass" : "fail";
  return { spf, dkim, dmarc, selector: health.dkim.selector ?? "herald" };
}

/** The message as the seed stored it: the sandbox's Received and Authentication-Results on top of what was sent. */
function seedRaw(row: SandboxEmail, health: TDnsHealth | null): string {
  const domain = row.fromAddress.split("@")[1] ?? "";
  const verdicts = sandboxReceiverVerdicts(health);
  const headers = (row.headers ?? {}) as Record<string, string>;
  const lines = [
    `Authentication-Results: ${SANDBOX_SEED_DOMAIN}; spf=${verdicts.spf} smtp.mailfrom=${row.fromAddress}; dkim=${verdicts.dkim} header.d=${domain} header.s=${verdicts.selector}; dmarc=${verdicts.dmarc} header.from=${domain}`,
    `Received: from mail.sandbox-mail.test (mail.sandbox-mail.test [${sandboxSendingIp(domain)}]) by ${SANDBOX_SEED_DOMAIN} with ESMTPS; ${mailDate(row.sentAt)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    "Content-Type: text/plain; charset=utf-8",
    "",
    row.text,
  ];
  return lines.join(CRLF);
}

export function createSandboxSeedInbox(address: string = SANDBOX_SEED_ADDRESS): SeedInbox {
  return {
    address,
    label: "Sandbox seed",
    simulated: true,
    async find(messageId, since, from) {
      const row = await db.sandboxEmail.findUnique({ where: { messageId } });
      if (!row || row.toAddress !== address || row.sentAt < since) return null;
      // The sending mailbox itself when known: by address alone, another workspace's mailbox with
      // the same address (every Quick start has the demo's) could lend its DNS health to the verdicts.
      const sender = from
        ? await db.mailbox.findUnique({ where: { id: from.mailboxId }, select: { dnsHealth: true } })
        : await db.mailbox.findFirst({ where: { email: row.fromAddress, provider: "sandbox" }, select: { dnsHealth: true } });
      return { folder: (row.folder as SandboxFolder | null) ?? "inbox", raw: seedRaw(row, readDnsHealth(sender?.dnsHealth)) };
    },
  };
}
