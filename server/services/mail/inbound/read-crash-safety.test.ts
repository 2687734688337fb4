// Crash safety of reading against a real IMAP server: a Dovecot INBOX receives a stream of messages
// (replies to e-mails Herald sent, and mail from strangers) while a separate process reads it; that
// process is killed with SIGKILL mid-stream, twice, and reading starts again each time. Every
// message ends up stored exactly once, each reply's effect happens once, and the cursor ends on the
// last message: nothing read twice, nothing missed.
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { createTestWorkspace, outboxEvents } from "@/server/test/factories";
import { spawnWorker } from "@/server/test/killable-worker";
import { createImapMailbox, replyMessage, seedSentEmails, strangerMessage, type SentToLead } from "@/server/test/incoming-mail";
import { startDovecot, type DovecotServer } from "@/server/test/mail-servers";
import { readMailbox } from "./read-mailbox";

const WORKER = path.resolve("server/test/fixtures/mailbox-read-worker.ts");
const REP = "rep@herald.test";
const PASSWORD = "imap-secret";
const MESSAGES = 60;
const REPLIES = 20;

let dovecot: DovecotServer;

beforeAll(async () => {
  dovecot = await startDovecot();
  await dovecot.addUser(REP, PASSWORD);
}, 60_000);

afterAll(async () => {
  await dovecot?.close();
});

function startReader(mailboxId: string): { child: ChildProcess; exited: Promise<string | null> } {
  const child = spawnWorker(WORKER, { MAILBOX_ID: mailboxId });
  const exited = new Promise<string | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (_code, signal) => resolve(signal));
  });
  return { child, exited };
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function incoming(index: number, sent: SentToLead[]): string {
  const reply = index % 3 === 0 ? sent[index / 3] : undefined;
  return reply ? replyMessage(`in${index}`, REP, reply) : strangerMessage(`in${index}`, REP);
}

it("stores every message exactly once when the reading process is killed mid-stream", async () => {
  const { workspace } = await createTestWorkspace();
  const mailbox = await createImapMailbox(workspace.id, REP, PASSWORD, dovecot.imapPort);
  const sent = await seedSentEmails(workspace.id, mailbox, REPLIES);
  const stored = () => db.emailMessage.count({ where: { mailboxId: mailbox.id, direction: "inbound" } });

  // The stream: a message every 100 ms or so while the readers (each takes a moment to start) read.
  let delivered = 0;
  let reader = startReader(mailbox.id);
  // However slowly the readers start on a loaded machine, the last messages wait for both kills.
  let killed!: () => void;
  const bothKilled = new Promise<void>((resolve) => (killed = resolve));
  const stream = (async () => {
    for (let index = 0; index < MESSAGES; index++) {
      if (index === MESSAGES - 10) await bothKilled;
      await dovecot.deliver(REP, incoming(index, sent));
      delivered += 1;
      await new Promise((resolve) => setTimeout(resolve, 80));
    }
  })();

  const kills: number[] = [];
  for (const atLeast of [10, 30]) {
    if (atLeast > 10) reader = startReader(mailbox.id);
    await waitUntil(async () => (await stored()) >= atLeast, `${atLeast} messages stored`);
    reader.child.kill("SIGKILL");
    expect(await reader.exited).toBe("SIGKILL");
    kills.push(delivered);
  }
  killed();
  // Both kills happened while mail was still arriving.
  expect(kills.every((count) => count < MESSAGES)).toBe(true);
  await stream;

  // Reading again, in this process, picks up where the killed reader's last commit left off.
  for (;;) {
    const { read } = await readMailbox(mailbox.id);
    if (read === 0) break;
  }

  const rows = await db.emailMessage.findMany({ where: { mailboxId: mailbox.id, direction: "inbound" }, orderBy: { createdAt: "asc" } });
  expect(rows).toHaveLength(MESSAGES);
  expect(new Set(rows.map((row) => row.messageId)).size).toBe(MESSAGES);
  expect(new Set(rows.map((row) => row.uid)).size).toBe(MESSAGES);
  expect(rows.map((row) => row.messageId).sort()).toEqual(Array.from({ length: MESSAGES }, (_, index) => index % 3 === 0 ? `<in${index}@prospect.test>` : `<in${index}@elsewhere.test>`).sort());
  // Stored in arrival order: the UIDs grow with each message.
  const uids = rows.map((row) => Number(row.uid!.split(":")[1]));
  expect(uids).toEqual([...uids].sort((a, b) => a - b));
  // Each reply took effect once: its lead replied, one email.received per reply.
  expect(rows.filter((row) => row.kind === "reply")).toHaveLength(REPLIES);
  const leads = await db.campaignLead.findMany({ where: { id: { in: sent.map((entry) => entry.campaignLeadId) } } });
  expect(leads.map((lead) => lead.status)).toEqual(sent.map(() => "replied"));
  const received = await outboxEvents(workspace.id, "email.received");
  expect(received).toHaveLength(REPLIES);
  expect(new Set(received.map((event) => event.data.email.messageId)).size).toBe(REPLIES);
  expect(new Set(received.map((event) => event.data.campaignLeadId))).toEqual(new Set(sent.map((entry) => entry.campaignLeadId)));
  const after = await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } });
  expect(after.readCursor).toBe(rows.at(-1)!.uid);
  expect(after.readError).toBeNull();
}, 120_000);
