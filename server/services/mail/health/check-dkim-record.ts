// The DKIM part of the DNS checks: a public key at <selector>._domainkey.<domain> (through a CNAME,
// as Microsoft 365 publishes them) that parses, for the selector seen in the mailbox's own signed
// mail, else the ones its provider signs with.
import { joinTxt, type SendingProvider, type SendingService } from "../../../domain/mail/dns-records";
import type { DnsResolver } from "../../../providers/dns";
import type { TDnsHealth } from "../../../schemas/mailbox-health";
import { checkDkimKeyRecord } from "./dkim-key";
import { lookup, lookupFailed } from "./dns-lookup";

export interface DkimTarget {
  domain: string;
  provider: SendingProvider;
  service: SendingService;
  /** Seen in a DKIM-Signature of the mailbox's own mail (Mailbox.dkimSelector). */
  seenSelector: string | null;
  /** The exact key record to publish, when Herald knows it (the sandbox's). */
  knownKeyRecord: string | null;
}

type Found = { kind: "record"; selector: string; host: string; record: string; via: string | null } | { kind: "none" } | { kind: "error"; code: string };

async function keyAt(resolver: DnsResolver, selector: string, domain: string): Promise<Found> {
  const host = `${selector}._domainkey.${domain}`;
  const txt = await lookup(resolver, host, "TXT");
  if (txt.kind === "error") return txt;
  const pick = (records: unknown[]) => joinTxt(records).find((record) => /(^|;)\s*p=/i.test(record)) ?? joinTxt(records)[0] ?? null;
  if (txt.kind === "records" && pick(txt.records)) return { kind: "record", selector, host, record: pick(txt.records)!, via: null };
  // A resolver that does not chase the CNAME itself (or a target it cannot reach that way).
  const cname = await lookup<string>(resolver, host, "CNAME");
  if (cname.kind !== "records") return cname.kind === "error" ? cname : { kind: "none" };
  const target = cname.records[0]!;
  const behind = await lookup(resolver, target, "TXT");
  if (behind.kind === "error") return behind;
  return behind.kind === "records" && pick(behind.records) ? { kind: "record", selector, host, record: pick(behind.records)!, via: target } : { kind: "none" };
}

function missingFix(target: DkimTarget, selector: string): NonNullable<TDnsHealth["dkim"]["fix"]> {
  const host = `${selector}._domainkey.${target.domain}`;
  if (target.provider === "microsoft") {
    // Not computed: newer tenants point at …dkim.mail.microsoft, older ones into onmicrosoft.com.
    const field = selector === "selector2" ? "Selector2CNAME" : "Selector1CNAME";
    return { type: "CNAME", host, value: `<the ${field} Microsoft 365 gives for ${target.domain}: Defender portal, DKIM, or Get-DkimSigningConfig>`, replaces: null };
  }
  return { type: "TXT", host, value: target.knownKeyRecord ?? `v=DKIM1; k=rsa; p=<the public key from ${target.service.name}>`, replaces: null };
}

export async function checkDkim(resolver: DnsResolver, target: DkimTarget): Promise<TDnsHealth["dkim"]> {
  const selectors = target.seenSelector ? [target.seenSelector] : target.service.dkimSelectors;
  const whose = target.seenSelector ? "the selector seen in this mailbox's signed mail" : `${target.service.name}'s selector`;
  let failed: string | null = null;
  for (const selector of selectors) {
    const found = await keyAt(resolver, selector, target.domain);
    if (found.kind === "error") {
      failed ??= found.code;
      continue;
    }
    if (found.kind === "none") continue;
    const verdict = checkDkimKeyRecord(found.record);
    const where = `${found.host}${found.via ? ` (through its CNAME to ${found.via})` : ""}`;
    if (!verdict.ok) {
      return {
        status: "invalid",
        selector,
        record: found.record,
        reason: `The DKIM record at ${where} cannot be used: ${verdict.problem}. Receivers cannot verify this mailbox's signatures, so DKIM fails. Publish the key again as ${target.service.name} gives it: ${target.service.dkimKeyFrom}.`,
        fix: { ...missingFix(target, selector), replaces: found.record },
      };
    }
    const size = verdict.bits ? `${verdict.type.toUpperCase()} ${verdict.bits}-bit` : verdict.type.toUpperCase();
    return { status: "ok", selector, record: found.record, reason: `A valid DKIM key (${size}) is published at ${where}, for ${whose}.`, fix: null };
  }
  const selector = selectors[0]!;
  if (failed) return { status: "error", selector, record: null, reason: lookupFailed(`the DKIM key of ${target.domain}`, failed), fix: null };
  const looked = selectors.map((one) => `${one}._domainkey.${target.domain}`).join(", ");
  return {
    status: "missing",
    selector,
    record: null,
    reason: `No DKIM key is published for ${target.domain} (looked at ${looked}). Without it receivers cannot verify that this mailbox's mail really comes from the domain, and DMARC relies on SPF alone. ${target.service.dkimKeyFrom}.`,
    fix: missingFix(target, selector),
  };
}
