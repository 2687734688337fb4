// Benchmark: reading an IMAP mailbox of 10,000 messages from scratch. A Dovecot
// (server/test/mail-servers.ts) INBOX is filled with a mix of what a campaign mailbox receives —
// replies to e-mails Herald sent, out-of-office auto-replies, DSN bounces, strangers' mail — then
// read twice:
//   fetch:  the provider's fetchIncoming alone (IMAP FETCH, MIME parsing), no database;
//   read:   readMailbox, the whole path: fetch, parse, classify, match, store, effects, cursor,
//           one transaction per message, on a fresh PostgreSQL database.
//
//   npx tsx bench/email-read.ts [--messages=10000] [--leads=2500]
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { ImapFlow } from "imapflow";
import { benchArgs, setUpCampaignBench } from "./campaign-bench-setup";
import { rssMb } from "./bench-database";
import { startDovecot } from "../server/test/mail-servers";

const args = benchArgs();
const total = Number(args.messages ?? 10_000);
const leadCount = Number(args.leads ?? 2500);
const REP = "rep@herald.test";
const PASSWORD = "bench-secret";
/** Connections filling the INBOX at once (each APPEND waits for Dovecot's Maildir write). */
const FILLERS = 8;

async function main() {
  const { actor, tearDown } = await setUpCampaignBench({ prospects: 10, senderCount: 0, senderPrefix: "read" });
  const { db } = await import("../server/db/client");
  const mail = await import("../server/test/incoming-mail");
  const { readMailbox } = await import("../server/services/mail/inbound/read-mailbox");
  const { getMailProvider } = await import("../server/providers/mail");
  const { mailboxHandle } = await import("../server/services/mail/mailboxes/mailbox-handle");
  const dovecot = await startDovecot();
  try {
    await dovecot.addUser(REP, PASSWORD);
    const mailbox = await mail.createImapMailbox(actor.workspaceId, REP, PASSWORD, dovecot.imapPort);
    const sent = await mail.seedSentEmails(actor.workspaceId, mailbox, leadCount);

    // The mix: 40% replies, 20% auto-replies, 20% bounces, 20% strangers; each lead at most once of each kind.
    const run = randomBytes(3).toString("hex");
    const raw = (index: number): string => {
      const id = `m${index}.${run}`;
      const lead = sent[Math.floor(index / 5) % sent.length]!;
      switch (index % 5) {
        case 0:
        case 1:
          return mail.replyMessage(id, REP, sent[(Math.floor(index / 5) * 2 + (index % 5)) % sent.length]!);
        case 2:
          return mail.autoReplyMessage(id, REP, lead);
        case 3:
          return mail.bounceMessage(id, REP, lead);
        default:
          return mail.strangerMessage(id, REP);
      }
    };
    const fillStarted = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: FILLERS }, async () => {
        const client = new ImapFlow({ host: "127.0.0.1", port: dovecot.imapPort, secure: false, auth: { user: REP, pass: PASSWORD }, logger: false });
        await client.connect();
        for (let index = next++; index < total; index = next++) await client.append("INBOX", raw(index));
        await client.logout();
      }),
    );
    console.log(`INBOX filled with ${total} messages in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s`);

    // 1. The provider alone: IMAP FETCH and MIME parsing.
    const provider = await getMailProvider("smtp");
    const handle = mailboxHandle(mailbox);
    const since = new Date(Date.now() - 3_600_000);
    let cursor: string | null = null;
    let fetched = 0;
    const fetchStarted = performance.now();
    for (;;) {
      const batch = await provider.fetchIncoming(handle, { cursor, since, limit: 100 });
      fetched += batch.messages.length;
      cursor = batch.cursor;
      if (batch.messages.length < 100) break;
    }
    const fetchSeconds = (performance.now() - fetchStarted) / 1000;

    // 2. The whole reading path.
    const cpuBefore = process.cpuUsage();
    const readStarted = performance.now();
    const outcomes: Record<string, number> = {};
    let read = 0;
    for (;;) {
      const result = await readMailbox(mailbox.id);
      read += result.read;
      for (const [kind, count] of Object.entries(result.outcomes)) outcomes[kind] = (outcomes[kind] ?? 0) + count;
      if (!result.more) break;
    }
    const readSeconds = (performance.now() - readStarted) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const stored = await db.emailMessage.count({ where: { mailboxId: mailbox.id, direction: "inbound" } });
    const replied = await db.campaignLead.count({ where: { emailAccountId: mailbox.id, status: "replied" } });

    console.log(
      JSON.stringify(
        {
          messages: total,
          fetch: { messages: fetched, seconds: Number(fetchSeconds.toFixed(1)), perSecond: Math.round(fetched / fetchSeconds) },
          read: {
            messages: read,
            seconds: Number(readSeconds.toFixed(1)),
            perSecond: Math.round(read / readSeconds),
            cpuMsPerMessage: Number(((cpu.user + cpu.system) / 1000 / read).toFixed(2)),
            outcomes,
          },
          stored,
          leadsReplied: replied,
          rssMb: rssMb(),
        },
        null,
        2,
      ),
    );
  } finally {
    await dovecot.close();
    await tearDown();
  }
}

await main();
process.exit(0);
