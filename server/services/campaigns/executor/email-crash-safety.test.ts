// Crash safety of e-mail steps against real servers: the process taking a mailbox's turn is killed
// with SIGKILL while the SMTP server holds the message it was handed (before its 250). The next
// turn reconciles the interrupted e-mail by the mailbox's Sent folder over IMAP (Dovecot), sends
// it again, and the server ends up with exactly one copy; the follow-up then threads onto it.
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, now, setClock, systemClock } from "@/server/lib/clock";
import { createTestWorkspace } from "@/server/test/factories";
import { spawnWorker } from "@/server/test/killable-worker";
import { startDovecot, startSmtpServer, type DovecotServer, type TestSmtpServer } from "@/server/test/mail-servers";
import { ZCreateCampaignInput } from "../../../schemas/campaign";
import { ZLeadsInput } from "../../../schemas/lead";
import { encryptMailCredentials, mailboxSettingsColumn } from "../../mail/mailboxes/mailbox-columns";
import { addCampaignLeads } from "../add-campaign-leads";
import { assignCampaignMailboxes } from "../assign-campaign-mailboxes";
import { createCampaign } from "../create-campaign";
import { runExecutorPass } from "./run-executor-pass";
import { takeMailboxTurn } from "./take-mailbox-turn";
import { saveAddressVerifications } from "../../verification/save-address-verifications";

const WORKER = path.resolve("server/test/fixtures/mailbox-turn-worker.ts");
const START = "2026-03-02T09:00:00Z"; // a Monday
const SENDER = "rep@herald.test";
const PASSWORD = "app-password";

let dovecot: DovecotServer;
let smtp: TestSmtpServer;
/** Resolved when the server has a message's data and holds its answer; the test kills the sender then. */
let onHeld: (() => void) | null = null;
let holding = true;

beforeAll(async () => {
  dovecot = await startDovecot();
  await dovecot.addUser(SENDER, PASSWORD);
  smtp = await startSmtpServer({
    users: { [SENDER]: PASSWORD },
    holdData: () => {
      if (!holding) return Promise.resolve();
      onHeld?.();
      // Held until the sender's connection dies: the server then discards the message.
      return new Promise<void>(() => undefined);
    },
  });
}, 60_000);

afterAll(async () => {
  setClock(systemClock);
  await smtp?.close();
  await dovecot?.close();
});

function runTurnInChild(mailboxId: string, at: Date): { killWhenHeld: Promise<string | null> } {
  const child = spawnWorker(WORKER, { MAILBOX_ID: mailboxId, TURN_AT: at.toISOString() });
  const exited = new Promise<string | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (_code, signal) => resolve(signal));
  });
  onHeld = () => child.kill("SIGKILL");
  return { killWhenHeld: exited };
}

it("sends exactly one e-mail when the sending process is killed while the server holds the message", async () => {
  setClock(new ManualClock(START));
  const { actor, workspace } = await createTestWorkspace();
  const mailbox = await db.mailbox.create({
    data: {
      workspaceId: workspace.id,
      label: "Rep",
      email: SENDER,
      provider: "smtp",
      authType: "password",
      connectedVia: "api",
      settings: mailboxSettingsColumn({
        smtp: { host: "127.0.0.1", port: smtp.port, security: "none", username: SENDER },
        imap: { host: "127.0.0.1", port: dovecot.imapPort, security: "none", username: SENDER },
      }),
      credentialsEncrypted: encryptMailCredentials({ kind: "password", smtpPassword: PASSWORD, imapPassword: PASSWORD }),
      timezone: "UTC",
      createdAt: now(),
      updatedAt: now(),
    },
  });
  const created = await createCampaign(
    actor,
    ZCreateCampaignInput.parse({
      name: "Crash",
      sequence: {
        steps: [
          { id: "first", type: "email", config: { subject: "Hello {{firstName}}", text: "Hi {{firstName}}" }, nextDelayHours: 1 },
          { id: "bump", type: "email", parent: "first", config: { subject: "Bump", text: "Any thoughts?" } },
        ],
      },
      schedule: { timezone: "UTC", activeHours: { from: "08:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] },
    }),
  );
  await addCampaignLeads(actor, created.id, ZLeadsInput.parse({ leads: [{ email: "ann@prospect.test", firstName: "Ann" }] }));
  // The address checked out when it was added (its made-up domain has no DNS here: checked before
  // the first e-mail, the campaign would skip it as invalid).
  await saveAddressVerifications(workspace.id, [{ address: "ann@prospect.test", status: "valid", check: "deliverable-domain", reason: "the address is well formed and prospect.test has mail servers (MX)" }], now());
  const campaign = await db.campaign.update({ where: { id: created.id }, data: { status: "active", emailAccountIds: [mailbox.id] } });
  await db.$transaction((tx) => assignCampaignMailboxes(tx, campaign));

  // The turn's process dies while the server holds the message: nothing recorded, nothing delivered.
  const { killWhenHeld } = runTurnInChild(mailbox.id, new Date(START));
  expect(await killWhenHeld).toBe("SIGKILL");
  const interrupted = await db.emailMessage.findMany({ where: { campaignId: campaign.id } });
  expect(interrupted).toMatchObject([{ status: "sending", toAddress: "ann@prospect.test" }]);
  expect(smtp.messages).toEqual([]);

  // The next turn finds no copy in Sent, drops the intent and sends the e-mail again.
  holding = false;
  setClock(new ManualClock(new Date(Date.parse(START) + 10 * 60_000)));
  expect(await takeMailboxTurn(mailbox.id, now())).toBe(true);
  const toAnn = () => smtp.messages.filter((message) => message.to.includes("ann@prospect.test"));
  expect(toAnn()).toHaveLength(1);
  const first = await db.emailMessage.findFirstOrThrow({ where: { campaignId: campaign.id, stepId: "first" } });
  expect(first.status).toBe("sent");
  expect(toAnn()[0]!.messageId).toBe(first.messageId);
  expect(await db.emailMessage.count({ where: { campaignId: campaign.id, stepId: "first" } })).toBe(1);
  expect(await db.campaignLeadStep.findMany({ where: { campaignId: campaign.id }, select: { stepId: true, status: true } })).toEqual([{ stepId: "first", status: "done" }]);

  // Its reply window (an hour) over, the next pass sends the follow-up in the same thread.
  setClock(new ManualClock(new Date(Date.parse(START) + 75 * 60_000)));
  expect(await runExecutorPass()).toMatchObject({ emailed: 1 });
  expect(toAnn()).toHaveLength(2);
  const followUp = toAnn()[1]!.raw;
  expect(followUp).toMatch(new RegExp(`^In-Reply-To: ${first.messageId.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "m"));
  expect(followUp).toMatch(/^Subject: Re: Hello Ann/m);
}, 120_000);
