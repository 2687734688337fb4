// The optional catch-all probe of address verification (issue 37, point 1; a workspace setting, off
// by default): asks a domain's best mail server (MX) whether it would accept a made-up address at
// the domain. A server that accepts it accepts any address, so no address there can be confirmed
// (risky, "catch-all"); one that refuses it is not catch-all. The probe connects from this Herald
// server as the installation's probe address (HERALD_VERIFICATION_PROBE_FROM), never through a
// mailbox, so no mailbox's reputation is at stake; only to public addresses (the rule of a password
// mailbox's SMTP host, HERALD_ALLOW_PRIVATE_MAIL_HOSTS); and rate-limited: one probe at a time per
// mail server and at most CATCH_ALL_PROBES_PER_MINUTE per Herald process (a domain past the limit is
// not probed this time: no claim). Anything unclear (a timeout, a refused connection, a temporary
// answer) is null: no claim either way.
import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { allowPrivateMailHosts, env, publicUrl, verificationProbeFrom } from "../../env";
import { now } from "../../lib/clock";
import { refusedAddressReason, refusedHostReason } from "../../lib/public-target";
import type { DnsResolver } from "../../providers/dns";
import { probeRecipient } from "../../providers/mail/smtp/rcpt-probe";
import { lookup } from "../mail/health/dns-lookup";

export const CATCH_ALL_PROBES_PER_MINUTE = 30;
export const CATCH_ALL_PROBE_TIMEOUT_MS = 8_000;
const MINUTE_MS = 60_000;

export interface CatchAllProberOptions {
  perMinute?: number;
  timeoutMs?: number;
  /** Default: HERALD_VERIFICATION_PROBE_PORT (25). */
  port?: number;
}

/** What one probe found: the answer, or why none was asked for ("rate-limited", "refused-host"…). */
export interface CatchAllProbeResult {
  catchAll: boolean | null;
  /** Whether a mail server was contacted (false: refused before, or over the rate limit). */
  connected: boolean;
  /** Why there is no answer, in plain words, when there is none. */
  note?: string;
}

/** The probe with its rate limits: one per process (`catchAllProber`), or one per test. */
export class CatchAllProber {
  private readonly started: number[] = [];
  private readonly hostQueues = new Map<string, Promise<unknown>>();
  private readonly perMinute: number;
  private readonly timeoutMs: number;

  constructor(private readonly options: CatchAllProberOptions = {}) {
    this.perMinute = options.perMinute ?? CATCH_ALL_PROBES_PER_MINUTE;
    this.timeoutMs = options.timeoutMs ?? CATCH_ALL_PROBE_TIMEOUT_MS;
  }

  /** Takes one of the minute's probes on Herald's clock, or false when they are all taken. */
  private takeSlot(): boolean {
    const since = now().getTime() - MINUTE_MS;
    while (this.started.length && this.started[0]! <= since) this.started.shift();
    if (this.started.length >= this.perMinute) return false;
    this.started.push(now().getTime());
    return true;
  }

  /** Runs `task` after the mail server's earlier probes: one at a time per server. */
  private oneAtATime<T>(host: string, task: () => Promise<T>): Promise<T> {
    const before = this.hostQueues.get(host) ?? Promise.resolve();
    const run = before.then(task, task);
    const settled = run.catch(() => undefined);
    this.hostQueues.set(host, settled);
    void settled.then(() => {
      if (this.hostQueues.get(host) === settled) this.hostQueues.delete(host);
    });
    return run;
  }

  /** Probes `domain` at its best MX (`mxHosts`, best first), its name resolved through `resolver`. */
  async probe(domain: string, mxHosts: string[], resolver: DnsResolver): Promise<CatchAllProbeResult> {
    const host = mxHosts[0]?.toLowerCase().replace(/\.$/, "");
    if (!host) return { catchAll: null, connected: false, note: "no mail server" };
    if (!this.takeSlot()) return { catchAll: null, connected: false, note: "rate-limited" };
    return this.oneAtATime(host, async () => {
      const address = await this.checkedAddress(host, resolver);
      if (typeof address !== "string") return { catchAll: null, connected: false, note: address.refused };
      const catchAll = await probeRecipient({
        address,
        port: this.options.port ?? env().HERALD_VERIFICATION_PROBE_PORT,
        heloName: new URL(publicUrl()).hostname,
        from: verificationProbeFrom(),
        recipient: `${madeUpLocalPart()}@${domain}`,
        timeoutMs: this.timeoutMs,
      });
      return { catchAll, connected: true };
    });
  }

  /**
   * The address to connect to: the MX host's first A (else AAAA) record, after every one of them is
   * found public (unless the installation allows private mail hosts). Connecting to the checked
   * address itself leaves no second look-up to re-point (DNS rebinding).
   */
  private async checkedAddress(host: string, resolver: DnsResolver): Promise<string | { refused: string }> {
    const allowPrivate = allowPrivateMailHosts();
    if (isIP(host) || refusedHostReason(host)) {
      const reason = allowPrivate ? null : refusedHostReason(host);
      return reason ? { refused: reason } : isIP(host) ? host : { refused: `${host} is not a mail server's name` };
    }
    for (const rrtype of ["A", "AAAA"]) {
      const found = await lookup<string>(resolver, host, rrtype);
      if (found.kind === "error") return { refused: `the look-up of ${host} failed` };
      if (found.kind === "none") continue;
      const refused = allowPrivate ? null : found.records.map((record) => refusedAddressReason(host, record)).find(Boolean);
      return refused ? { refused } : found.records[0]!;
    }
    return { refused: `${host} has no address` };
  }
}

/** A local part no one has: random, and saying what it is to anyone reading the server's logs. */
export function madeUpLocalPart(): string {
  return `herald-verify-${randomBytes(8).toString("hex")}`;
}

/** The process-wide prober: its limits count every workspace's probes. */
export const catchAllProber = new CatchAllProber();
