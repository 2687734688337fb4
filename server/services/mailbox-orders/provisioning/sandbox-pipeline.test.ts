// The whole pipeline on the installation's defaults — the sandbox registrar, mail platform and
// billing — driven by the embedded executor on a manual clock: a domain whose registration answer
// is lost (placing_unknown, then reconciled), one whose mail platform fails for its first hour
// (needs_attention, then resumed), and one taken by someone else at registration (refused, its
// part refunded), ending with the other two domains' mailboxes managed and warming.
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "../../../db/client";
import { ManualClock } from "../../../lib/clock";
import { createTestWorkspace } from "../../../test/factories";
import { startHeraldJobs, type HeraldJobs } from "../../../test/herald-jobs";
import { seedMailboxOrder, testDomainName } from "../../../test/mailbox-order-seed";
import { resumeMailboxOrder } from "../resume-mailbox-order";
import { startOrderProvisioning } from "../start-order-provisioning";

let jobs: HeraldJobs;
beforeAll(async () => {
  jobs = await startHeraldJobs(new ManualClock("2026-03-02T09:00:00Z"));
});
afterAll(async () => {
  await jobs.stop();
});

const orderOf = (id: string) => db.mailboxOrder.findUniqueOrThrow({ where: { id }, include: { domains: { orderBy: { position: "asc" }, include: { mailboxes: { orderBy: { position: "asc" } } } } } });

async function runUntil(orderId: string, statuses: string[], stepMs = 10_000, maxMs = 3 * 3_600_000): Promise<string[]> {
  const seen: string[] = [];
  for (let waited = 0; waited <= maxMs; waited += stepMs) {
    await jobs.executor.drain();
    const { status } = await db.mailboxOrder.findUniqueOrThrow({ where: { id: orderId } });
    if (seen.at(-1) !== status) seen.push(status);
    if (statuses.includes(status)) return seen;
    jobs.clock.advance(stepMs);
  }
  throw new Error(`The order did not reach ${statuses.join(" or ")}: it went ${seen.join(" → ")}`);
}

it("registers, reconciles a lost answer, holds on a platform failure until resumed, refunds a domain taken meanwhile, and connects the rest", { timeout: 120_000 }, async () => {
  const { workspace, actor } = await createTestWorkspace();
  const [lost, failing, gone] = [testDomainName("timeout-sb"), testDomainName("platformfail-sb"), testDomainName("gone-sb")];
  const seeded = await seedMailboxOrder(workspace.id, [
    { name: lost, platform: "google", mailboxes: [{ localPart: "jane" }, { localPart: "john" }] },
    { name: failing, platform: "microsoft", mailboxes: [{ localPart: "ann" }] },
    { name: gone, platform: "google", mailboxes: [{ localPart: "bob" }] },
  ]);

  await startOrderProvisioning(seeded.id, 0);
  const first = await runUntil(seeded.id, ["needs_attention", "completed", "cancelled"]);
  expect(first[0]).toBe("placing_unknown");
  const held = await orderOf(seeded.id);
  expect(held).toMatchObject({ status: "needs_attention", delayed: true, resumeStatus: "provisioning" });
  expect(held.statusLabel).toContain(failing);
  expect(held.domains.map((domain) => [domain.status, domain.refusedReason])).toEqual([
    ["registered", null],
    ["registered", null],
    ["refused", "taken"],
  ]);
  expect(held.domains[2]!.mailboxes.map((mailbox) => mailbox.step)).toEqual(["refused"]);
  const refunds = await db.billingPayment.findMany({ where: { orderId: seeded.id, kind: "refund" } });
  // The taken domain's part: its year (the seed prices 1,200 ¢) and its one Google mailbox (700 ¢).
  expect(refunds).toMatchObject([{ status: "succeeded", amountCents: 1200 + 700 }]);
  expect(held).toMatchObject({ refundedCents: 1900, paymentStatus: "partially_refunded" });

  // The platform's fault lasts an hour after the tenant was made; the team resumes after it.
  jobs.clock.advance(3_600_000);
  await resumeMailboxOrder(actor, seeded.id);
  await runUntil(seeded.id, ["completed", "needs_attention", "cancelled"]);
  const done = await orderOf(seeded.id);
  expect(done).toMatchObject({ status: "completed", round: 1, delayed: false });
  expect(done.domains.map((domain) => domain.status)).toEqual(["connected", "connected", "refused"]);

  for (const name of [lost, failing]) {
    const registration = await db.sandboxDomainRegistration.findUniqueOrThrow({ where: { name } });
    expect(registration.registerCalls, name).toBe(1);
    expect(registration.records).toContainEqual({ type: "TXT", host: "_dmarc", value: `v=DMARC1; p=none; rua=mailto:postmaster@${name}`, priority: null });
  }
  expect(await db.sandboxDomainRegistration.count({ where: { name: gone } })).toBe(0);
  const mailboxes = await db.mailbox.findMany({ where: { workspaceId: workspace.id }, include: { warmup: true }, orderBy: { email: "asc" } });
  expect(mailboxes.map((mailbox) => [mailbox.email, mailbox.connectedVia, mailbox.managedIsAdmin, mailbox.warmup?.status])).toEqual([
    [`ann@${failing}`, "managed", true, "warming"],
    [`jane@${lost}`, "managed", true, "warming"],
    [`john@${lost}`, "managed", false, "warming"],
  ]);
});
