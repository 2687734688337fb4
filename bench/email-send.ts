// Benchmark: campaign e-mails handed to an SMTP server through the password mail provider's send()
// (server/providers/mail/smtp): each e-mail's copy rendered from templates with the lead's fields
// (renderCopy), composed with HTML and text parts, threading and List-Unsubscribe headers, and
// sent over the provider's pooled, signed-in SMTP connections to a local smtp-server (the test
// server of server/test/mail-servers.ts, same process) that checks AUTH and records every message.
// Without --sent-copy, no IMAP: the copy in the Sent folder is off (Gmail's SMTP files its own);
// with it, a Dovecot (server/test/mail-servers.ts) takes each copy, one IMAP sign-in and APPEND per e-mail.
//
//   npx tsx bench/email-send.ts [--emails=2000] [--concurrency=4] [--mailboxes=1] [--security=none|starttls|tls] [--sent-copy]
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { renderCopy, type MergeFields } from "../server/domain/sequence/render-copy";
import { copySeed, fieldSeed } from "../server/domain/sequence/spintax";
import type { MailboxHandle, MailSecurity, OutgoingEmail } from "../server/providers/mail/types";
import { createSmtpImapProvider } from "../server/providers/mail/smtp/smtp-imap-provider";
import { startDovecot, startSmtpServer, TEST_TLS_CERT } from "../server/test/mail-servers";

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split("=")));
const total = Number(args.emails ?? 2000);
const concurrency = Number(args.concurrency ?? 4);
const mailboxCount = Number(args.mailboxes ?? 1);
const security = (args.security ?? "none") as MailSecurity;
const sentCopy = "sent-copy" in args;
const WARM_UP = 20;

process.env.HERALD_LOG_LEVEL = "error";

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const SUBJECT = "Quick question about {{company}}";
const SUBJECT_FALLBACK = "Quick question";
const TEXT = `Hi {{firstName}},

I noticed {{company}} is growing its {{jobTitle}} team in {{location}}. We help teams like yours
cut the time spent on manual outreach by half, without losing the personal touch.

Would a 15-minute call next week be useful? Here is a short overview: https://herald.test/overview

Best,
Ann`;
const HTML = `<div style="font-family: Arial, sans-serif; font-size: 14px; line-height: 1.5">
<p>Hi {{firstName}},</p>
<p>I noticed <strong>{{company}}</strong> is growing its {{jobTitle}} team in {{location}}. We help teams like yours
cut the time spent on manual outreach by half, without losing the personal touch.</p>
<p>Would a 15-minute call next week be useful? Here is <a href="https://herald.test/overview">a short overview</a>.</p>
<p>Best,<br>Ann</p>
<img src="https://herald.test/t/o/{{token}}" width="1" height="1" alt="">
</div>`;
const FOLLOW_UP = `Hi {{firstName}}, just bringing this back to the top of your inbox. Worth a chat?`;

const FIRST_NAMES = ["Maria", "James", "Aiko", "Lars", "Fatima", "Diego", "Chen", "Olivia", ""];
const COMPANIES = ["Acme Logistics", "Northwind", "Globex", "Initech", "Umbrella Health", "Stark Components"];

function leadFields(index: number): MergeFields & { token: string } {
  return {
    firstName: FIRST_NAMES[index % FIRST_NAMES.length],
    company: COMPANIES[index % COMPANIES.length],
    jobTitle: index % 2 ? "sales" : "customer success",
    location: index % 3 ? "Berlin" : "Lisbon",
    email: `lead${index}@prospects.test`,
    token: randomBytes(24).toString("base64url"),
  };
}

function compose(index: number, mailbox: MailboxHandle): OutgoingEmail {
  const fields = leadFields(index);
  const messageId = `<${randomBytes(12).toString("hex")}@herald.test>`;
  // Every third e-mail is a follow-up in its lead's thread.
  const followUp = index % 3 === 2;
  const firstId = followUp ? `<${randomBytes(12).toString("hex")}@herald.test>` : null;
  const seed = copySeed(`cld_${index}`, followUp ? "st_2" : "st_1", "a");
  const subject = renderCopy(SUBJECT, SUBJECT_FALLBACK, fields, fieldSeed(seed, "subject")).text;
  const text = renderCopy(followUp ? FOLLOW_UP : TEXT, undefined, fields, fieldSeed(seed, "body")).text;
  const html = followUp ? null : renderCopy(HTML, undefined, fields, fieldSeed(seed, "body")).text;
  const unsubscribe = `https://herald.test/u/${fields.token}`;
  return {
    from: { name: "Ann Example", address: mailbox.email },
    to: { name: fields.firstName || null, address: fields.email! },
    subject: followUp ? `Re: ${subject}` : subject,
    text: `${text}\n\nUnsubscribe: ${unsubscribe}`,
    html: html ? `${html}<p style="font-size: 11px; color: #888"><a href="${unsubscribe}">Unsubscribe</a></p>` : null,
    messageId,
    inReplyTo: firstId,
    references: firstId ? [firstId] : [],
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

async function main() {
  const users = Object.fromEntries(Array.from({ length: mailboxCount }, (_, index) => [`sender${index}@herald.test`, `password-${index}`]));
  const server = await startSmtpServer({ users, secure: security === "tls" });
  const dovecot = sentCopy ? await startDovecot() : null;
  for (const [email, password] of Object.entries(users)) await dovecot?.addUser(email, password);
  const provider = createSmtpImapProvider({ saveCopyToSent: sentCopy, ca: TEST_TLS_CERT });
  const mailboxes: MailboxHandle[] = Object.entries(users).map(([email, password], index) => ({
    id: `mbx_bench${index}`,
    workspaceId: "wsp_bench",
    email,
    provider: "smtp",
    settings: {
      smtp: { host: "127.0.0.1", port: server.port, security, username: email },
      imap: { host: "127.0.0.1", port: dovecot?.imapPort ?? 1, security: "none", username: email },
    },
    credentials: { kind: "password", smtpPassword: password, imapPassword: password },
  }));

  // Warm-up: opens the pooled connections and lets the JIT settle; not counted.
  await Promise.all(Array.from({ length: WARM_UP }, (_, index) => provider.send(mailboxes[index % mailboxCount]!, compose(index, mailboxes[index % mailboxCount]!))));

  const latencies: number[] = [];
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const index = next++;
        const mailbox = mailboxes[index % mailboxCount]!;
        const t0 = performance.now();
        await provider.send(mailbox, compose(index, mailbox));
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);

  const received = server.messages.slice(WARM_UP);
  const distinct = new Set(received.map((message) => message.messageId)).size;
  console.log(
    JSON.stringify(
      {
        emails: total,
        concurrency,
        mailboxes: mailboxCount,
        security,
        sentCopy,
        received: received.length,
        distinctMessageIds: distinct,
        smtpConnections: server.connections(),
        emailsPerSecond: Number((total / seconds).toFixed(1)),
        p50Ms: Number(percentile(latencies, 50).toFixed(1)),
        p99Ms: Number(percentile(latencies, 99).toFixed(1)),
        cpuMsPerEmail: Number(((cpu.user + cpu.system) / 1000 / total).toFixed(2)),
        averageSizeBytes: Math.round(received.reduce((sum, message) => sum + message.raw.length, 0) / Math.max(1, received.length)),
      },
      null,
      2,
    ),
  );
  await server.close();
  await dovecot?.close();
  if (received.length !== total || distinct !== total) {
    console.error("The server did not receive every e-mail exactly once");
    process.exitCode = 1;
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
