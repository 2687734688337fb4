// The test e-mail is sent at most once: the intent (sendingAt) is written before the send, so a
// step retried after the mail server took the e-mail (the connection dropped before Herald heard
// back, or recording it failed) asks the provider whether it left instead of sending it again.
// The sandbox network is wrapped to count sends and to fail after accepting.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { now } from "@/server/lib/clock";
import { setMailProvider } from "@/server/providers/mail";
import { createSandboxMailProvider } from "@/server/providers/mail/sandbox/sandbox-mail-provider";
import { SANDBOX_SEED_ADDRESS } from "@/server/providers/mail/seeds/sandbox-seed-inbox";
import type { MailProvider } from "@/server/providers/mail/types";
import { saveConnectedMailbox } from "@/server/services/mail/mailboxes/save-connected-mailbox";
import { createTestWorkspace } from "@/server/test/factories";
import { sendDeliverabilityTestEmail } from "./send-deliverability-test-email";

const sandbox = createSandboxMailProvider();
let sends = 0;
let failAfterAccepting = false;
let sentAnswer: "ask-sandbox" | null = "ask-sandbox";
const flaky: MailProvider = {
  ...sandbox,
  async send(mailbox, email) {
    sends++;
    const result = await sandbox.send(mailbox, email);
    // The server took it, but the answer never reached Herald.
    if (failAfterAccepting) throw new Error("Connection closed after the message was accepted");
    return result;
  },
  findSent: (mailbox, messageId, since) => (sentAnswer === null ? Promise.resolve(null) : sandbox.findSent(mailbox, messageId, since)),
};

beforeAll(() => setMailProvider("sandbox", flaky));
afterAll(() => setMailProvider("sandbox", undefined));
afterEach(() => {
  sends = 0;
  failAfterAccepting = false;
  sentAnswer = "ask-sandbox";
});

async function runningTest() {
  const { actor } = await createTestWorkspace();
  const email = `rep-${Math.random().toString(36).slice(2, 8)}@acme.test`;
  const mailbox = await saveConnectedMailbox({ workspaceId: actor.workspaceId, email, provider: "sandbox", authType: "sandbox", connectedVia: "api", settings: null, credentials: { kind: "sandbox" } });
  return db.deliverabilityTest.create({
    data: { workspaceId: actor.workspaceId, mailboxId: mailbox.id, status: "running", seedAddress: SANDBOX_SEED_ADDRESS, messageId: `<${Math.random()}@acme.test>`, startedAt: now(), createdAt: now() },
  });
}

describe("sending the deliverability test e-mail", () => {
  it("records the intent before sending, and a retry after the server accepted it does not send it again", async () => {
    const test = await runningTest();
    failAfterAccepting = true;
    await expect(sendDeliverabilityTestEmail(test.id)).rejects.toThrow(/accepted/);
    const interrupted = await db.deliverabilityTest.findUniqueOrThrow({ where: { id: test.id } });
    expect(interrupted).toMatchObject({ status: "running", sentAt: null });
    expect(interrupted.sendingAt).not.toBeNull();

    failAfterAccepting = false;
    const retried = await sendDeliverabilityTestEmail(test.id);
    expect(retried).toEqual({ sent: true, sentAt: interrupted.sendingAt!.toISOString() });
    expect(sends).toBe(1);
    expect(await db.sandboxEmail.count({ where: { messageId: test.messageId } })).toBe(1);
    // Recorded now: a further retry neither sends nor asks.
    expect(await sendDeliverabilityTestEmail(test.id)).toEqual(retried);
    expect(sends).toBe(1);
  });

  it("sends on retry when the intent was written but the e-mail never left", async () => {
    const test = await runningTest();
    await db.deliverabilityTest.update({ where: { id: test.id }, data: { sendingAt: now() } });
    expect(await sendDeliverabilityTestEmail(test.id)).toMatchObject({ sent: true });
    expect(sends).toBe(1);
    expect(await db.sandboxEmail.count({ where: { messageId: test.messageId } })).toBe(1);
  });

  it("counts it as sent without sending again when the provider cannot say whether it left", async () => {
    const test = await runningTest();
    const sendingAt = now();
    await db.deliverabilityTest.update({ where: { id: test.id }, data: { sendingAt } });
    sentAnswer = null;
    expect(await sendDeliverabilityTestEmail(test.id)).toEqual({ sent: true, sentAt: sendingAt.toISOString() });
    expect(sends).toBe(0);
  });
});
