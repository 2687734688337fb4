// Crash safety of reading against a real IMAP server: a Dovecot INBOX receives a stream of messages
// (replies to e-mails Herald sent, and mail from strangers) while a separate process reads it; that
// process is killed with SIGKILL mid-stream, twice, and reading starts again each time. Every
// message ends up stored exactly once, each reply's effect happens once, and the cursor ends on the
// last message: nothing read twice, nothing missed.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { now } from "@/server/lib/clock";
import { createTestWorkspace } from "@/server/test/factories";
import { startDovecot, type DovecotServer } from "@/server/test/mail-servers";
import { encryptMailCredentials, mailboxSettingsColumn } from "../mailboxes/mailbox-columns";
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
  const child = spawn(process.execPath, ["--import", "tsx", WORKER], {
    env: { ...process.env, HERALD_LOG_LEVEL: "error", MAILBOX_ID: mailboxId },
    stdio: ["ignore", "inherit", "inherit"],
  });
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

/** Seeds what replies answer: leads in a running campaign, each sent one e-mail from the mailbox. */
async function seedSentEmails(workspaceId: string, mailboxId: string, count: number) {
  const at = now();
  const campaign = await db.campaign.create({
    data: { workspaceId, name: "Crash", status: "active", emailAccountIds: [mailboxId], unsubscribe: { enabled: false }, tracking: { opens: "off", clicks: "off" }, schedule: {}, sequence: { steps: [] }, createdAt: at, updatedAt: at },
  });
  const sent: Array<{ address: string; messageId: string; campaignLeadId: string }> = [];
  for (let index = 0; index < count; index++) {
    const address = `lead${index}@prospect.test`;
    const lead = await db.lead.create({ data: { workspaceId, email: address, firstName: `Lead${index}`, source: "api", createdAt: at, updatedAt: at } });
    const campaignLead = await db.campaignLead.create({
      data: { workspaceId, campaignId: campaign.id, leadId: lead.id, emailAccountId: mailboxId, emailContacted: true, status: "running", currentStepId: "first", currentStepType: "email", createdAt: at, updatedAt: at },
    });
    const messageId = `<sent${index}@herald.test>`;
    await db.emailMessage.create({
      data: {
        workspaceId, mailboxId, leadId: lead.id, campaignLeadId: campaignLead.id, campaignId: campaign.id, stepId: "first", variantId: "a",
        direction: "outbound", source: "campaign", status: "sent", messageId, threadRootId: messageId, fromAddress: REP, toAddress: address,
        subject: `Hello Lead${index}`, text: "Would a call work?", sentAt: new Date(at.getTime() - 3_600_000), createdAt: at, updatedAt: at,
      },
    });
    sent.push({ address, messageId, campaignLeadId: campaignLead.id });
  }
  return { campaign, sent };
}

function incoming(index: number, sent: Array<{ address: string; messageId: string }>): string {
  const reply = index % 3 === 0 ? sent[index / 3] : undefined;
  const from = reply ? reply.address : `stranger${index}@elsewhere.test`;
  const threading = reply ? `In-Reply-To: ${reply.messageId}\r\nReferences: ${reply.messageId}\r\n` : "";
  return (
    `From: <${from}>\r\nTo: ${REP}\r\nSubject: ${reply ? "Re: Hello" : `Note ${index}`}\r\nMessage-ID: <in${index}@prospect.test>\r\n` +
    `Date: ${new Date().toUTCString()}\r\n${threading}\r\n${reply ? "Sounds good, call me Tuesday." : `Unrelated note ${index}`}\r\n`
  );
}

it("stores every message exactly once when the reading process is killed mid-stream", async () => {
  const { workspace } = await createTestWorkspace();
  const mailbox = await db.mailbox.create({
    data: {
      workspaceId: workspace.id,
      label: "Rep",
      email: REP,
      provider: "smtp",
      authType: "password",
      connectedVia: "api",
      settings: mailboxSettingsColumn({
        smtp: { host: "127.0.0.1", port: 1, security: "none", username: REP },
        imap: { host: "127.0.0.1", port: dovecot.imapPort, security: "none", username: REP },
      }),
      credentialsEncrypted: encryptMailCredentials({ kind: "password", smtpPassword: PASSWORD, imapPassword: PASSWORD }),
      createdAt: now(),
      updatedAt: now(),
    },
  });
  const { sent } = await seedSentEmails(workspace.id, mailbox.id, REPLIES);
  const stored = () => db.emailMessage.count({ where: { mailboxId: mailbox.id, direction: "inbound" } });

  // The stream: a message every 100 ms or so while the readers (each takes a second or two to start) read.
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
  expect(rows.map((row) => row.messageId).sort()).toEqual(Array.from({ length: MESSAGES }, (_, index) => `<in${index}@prospect.test>`).sort());
  // Stored in arrival order: the UIDs grow with each message.
  const uids = rows.map((row) => Number(row.uid!.split(":")[1]));
  expect(uids).toEqual([...uids].sort((a, b) => a - b));
  const after = await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } });
  expect(after.readCursor).toBe(rows.at(-1)!.uid);
  expect(after.readError).toBeNull();
}, 120_000);
