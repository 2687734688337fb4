// Test support for the deliverability test: a mail server on loopback (smtp-server, in this
// process) that plays both ends of a delivery. As the mailbox's own submission server it DKIM-signs
// what a domain with a test key sends (mailauth's dkimSign, the public key in the test DNS zone);
// as the seed provider's receiving server it authenticates the message with mailauth against the
// real test DNS server (SPF for 127.0.0.1, DKIM, DMARC), prepends Received and
// Authentication-Results as a receiver does, and hands it to Dovecot's LDA, whose Sieve script
// files it (e.g. into Junk when SPF or DMARC failed).
import { generateKeyPairSync } from "node:crypto";
import { Resolver } from "node:dns/promises";
import type { AddressInfo } from "node:net";
import { authenticate, dkimSign } from "mailauth";
import { SMTPServer } from "smtp-server";
import type { TestDnsServer } from "./dns-server";
import type { DovecotServer } from "./mail-servers";

export const SEED_RECEIVER_HOST = "mx.seed.test";

/** A DKIM key pair: the private key signs, `dnsValue` is the TXT record of `<selector>._domainkey`. */
export function testDkimKey(): { privateKey: string; dnsValue: string } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const der = publicKey.export({ type: "spki", format: "der" }).toString("base64");
  return { privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(), dnsValue: `v=DKIM1; k=rsa; p=${der}` };
}

export interface SeedReceiverOptions {
  dns: TestDnsServer;
  dovecot: DovecotServer;
  /** Keys the submission side signs with, by the sender's domain. */
  dkim?: Record<string, { selector: string; privateKey: string }>;
  /** Recipients whose mail is accepted and then lost (never arrives). */
  lose?: (recipient: string) => boolean;
  /** Senders the submission side refuses (550), for a failed send. */
  refuseSender?: (sender: string) => boolean;
}

export interface SeedReceiver {
  host: "127.0.0.1";
  port: number;
  /** What was delivered, as Dovecot received it. */
  delivered: Array<{ to: string; raw: string }>;
  close(): Promise<void>;
}

function mailDate(at: Date): string {
  return at.toUTCString().replace("GMT", "+0000");
}

export async function startSeedReceiver(options: SeedReceiverOptions): Promise<SeedReceiver> {
  const resolver = new Resolver({ timeout: 2_000, tries: 1 });
  resolver.setServers([options.dns.server]);
  const resolve = (name: string, rrtype: string) => resolver.resolve(name, rrtype) as Promise<string[][] | string[]>;
  const delivered: SeedReceiver["delivered"] = [];

  async function receive(from: string, to: string[], message: string): Promise<void> {
    const domain = from.split("@")[1]?.toLowerCase() ?? "";
    const key = options.dkim?.[domain];
    let raw = message;
    if (key) {
      // mailauth reads the keys from `signatureData` (its typings name the older top-level options).
      const options = { canonicalization: "relaxed/relaxed", signatureData: [{ signingDomain: domain, selector: key.selector, privateKey: key.privateKey }] };
      const signed = await dkimSign(raw, options as never);
      if (signed.errors?.length || !signed.signatures.trim()) throw new Error(`DKIM signing failed: ${JSON.stringify(signed.errors)}`);
      raw = signed.signatures + raw;
    }
    const helo = `mail.${domain}`;
    const result = await authenticate(raw, { ip: "127.0.0.1", helo, sender: from, mta: SEED_RECEIVER_HOST, resolver: resolve, disableArc: true, disableBimi: true });
    const received = `Received: from ${helo} (${helo} [127.0.0.1])\r\n\tby ${SEED_RECEIVER_HOST} with ESMTP;\r\n\t${mailDate(new Date())}\r\n`;
    const stored = received + result.headers + raw;
    for (const recipient of to) {
      if (options.lose?.(recipient)) continue;
      await options.dovecot.deliverWithLda(recipient, stored, from);
      delivered.push({ to: recipient, raw: stored });
    }
  }

  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? "" });
    },
    onMailFrom(address, _session, callback) {
      if (options.refuseSender?.(address.address)) return callback(Object.assign(new Error("5.7.1 Sending from this address is not allowed"), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const to = session.envelope.rcptTo.map((recipient) => recipient.address);
        receive(from, to, Buffer.concat(chunks).toString("utf8")).then(
          () => callback(null, "2.0.0 OK delivered"),
          (error: unknown) => callback(Object.assign(new Error(`4.3.0 ${error instanceof Error ? error.message : String(error)}`), { responseCode: 451 })),
        );
      });
    },
  });
  server.on("error", () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  return {
    host: "127.0.0.1",
    port: (server.server.address() as AddressInfo).port,
    delivered,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
