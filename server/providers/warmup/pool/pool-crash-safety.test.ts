// Crash safety of the pool's sends: a warmup e-mail a crash left `sending` is never sent again —
// it is marked sent when the provider saw it leave and failed otherwise — and two ticks running at
// once send each e-mail once. The sandbox network is wrapped only to count the sends it is asked for.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../../db/client";
import { WARMUP_HEADER } from "../../../domain/mail/warmup-mail";
import { ManualClock, now, setClock } from "../../../lib/clock";
import { setMailProvider } from "../../mail";
import { createSandboxMailProvider } from "../../mail/sandbox/sandbox-mail-provider";
import type { MailProvider } from "../../mail/types";
import { createTestWorkspace } from "../../../test/factories";
import { createPoolMailbox } from "../../../test/warmup-pool-fixtures";
import type { Mailbox } from "../../../db/generated/client";
import { createPoolWarmupNetwork } from "./pool-warmup-network";
import { poolMailboxHandle } from "./pool-participants";

const sends = new Map<string, number>();
const sandbox = createSandboxMailProvider();
const counting: MailProvider = {
  ...sandbox,
  async send(mailbox, email) {
    sends.set(email.messageId, (sends.get(email.messageId) ?? 0) + 1);
    return sandbox.send(mailbox, email);
  },
};

let clock: ManualClock;
let mailboxes: Mailbox[];
const network = createPoolWarmupNetwork();

beforeAll(async () => {
  clock = new ManualClock("2026-04-06T07:00:00Z");
  setClock(clock);
  setMailProvider("sandbox", counting);
  const { workspace } = await createTestWorkspace();
  const strategy = { startingVolume: 6, dailyIncrease: 1, targetVolume: 10, replyInbox: [20, 30] as [number, number], replyPromotions: [10, 20] as [number, number], replySpam: 5 };
  mailboxes = [];
  for (const email of ["anna@north.test", "ben@south.test", "cleo@east.test"]) {
    mailboxes.push(await createPoolMailbox({ workspaceId: workspace.id, email, strategy, startDate: "2026-04-06", at: now() }));
  }
});

afterAll(() => setMailProvider("sandbox", undefined));

describe("the pool's sends after a crash", () => {
  it("marks an interrupted e-mail sent when it left and failed when it did not, sending neither again", async () => {
    await network.tick(now());
    const planned = await db.warmupEmail.findMany({ where: { status: "planned" }, orderBy: { scheduledAt: "asc" } });
    expect(planned.length).toBeGreaterThanOrEqual(2);
    const [left, lost] = planned as [(typeof planned)[0], (typeof planned)[0]];

    // A crash after the server took `left` but before it was marked sent, and one before `lost` was handed over.
    const sender = mailboxes.find((mailbox) => mailbox.id === left.fromMailboxId)!;
    const recipient = mailboxes.find((mailbox) => mailbox.id === left.toMailboxId)!;
    await db.warmupEmail.updateMany({ where: { id: { in: [left.id, lost.id] } }, data: { status: "sending", sentAt: now() } });
    await sandbox.send(poolMailboxHandle(sender), {
      from: { name: null, address: sender.email },
      to: { name: null, address: recipient.email },
      subject: "Catching up",
      text: "Hi",
      html: null,
      messageId: left.messageId,
      inReplyTo: null,
      references: [],
      headers: { [WARMUP_HEADER]: left.tag },
    });

    // Shortly after, another tick leaves them alone (they may still be under way)…
    clock.advance(60_000);
    await network.tick(now());
    expect((await db.warmupEmail.findUniqueOrThrow({ where: { id: lost.id } })).status).toBe("sending");

    // …and once they are clearly interrupted, asks the provider.
    clock.set("2026-04-06T19:00:00Z");
    const result = await network.tick(now());
    expect(result.failed).toBe(1);
    expect(await db.warmupEmail.findUniqueOrThrow({ where: { id: left.id } })).toMatchObject({ status: "sent" });
    expect(await db.warmupEmail.findUniqueOrThrow({ where: { id: lost.id } })).toMatchObject({ status: "failed", error: "Interrupted before the mail server took it" });
    expect(sends.get(left.messageId) ?? 0).toBe(0);
    expect(sends.get(lost.messageId) ?? 0).toBe(0);
    // `left` reached its recipient once, and was read there.
    expect(await db.sandboxEmail.count({ where: { messageId: left.messageId } })).toBe(1);
    expect((await db.warmupEmail.findUniqueOrThrow({ where: { id: left.id } })).openedAt).not.toBeNull();
  });

  it("sends each e-mail once when two ticks run at once", async () => {
    clock.set("2026-04-07T19:00:00Z");
    sends.clear();
    await Promise.all([network.tick(now()), network.tick(now()), network.tick(now())]);
    // Sent in this round (the day's first e-mails, and yesterday evening's replies).
    const sent = await db.warmupEmail.findMany({ where: { status: "sent", sentAt: now() } });
    expect(sent.length).toBeGreaterThan(0);
    expect([...sends.values()].every((count) => count === 1)).toBe(true);
    expect(sends.size).toBe(sent.length);
    // No more planned than the day's volume (7 on day 2), replies included.
    for (const mailbox of mailboxes) {
      expect(await db.warmupEmail.count({ where: { fromMailboxId: mailbox.id, date: "2026-04-07" } })).toBeLessThanOrEqual(7);
    }
  });
});
