// Crash safety of the provisioning pipeline: the process running it is killed with SIGKILL again
// and again — at random moments, and right after the registrar or the mail platform did something
// and before Herald recorded the answer. Restarted each time, it completes every order with no
// domain registered twice, no user or Herald mailbox made twice and no money taken twice. The
// random moments come from a seed the test prints; HERALD_TEST_SEED=<seed> replays them.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { db } from "@/server/db/client";
import { createTestWorkspace } from "@/server/test/factories";
import { seedMailboxOrder, testDomainName } from "@/server/test/mailbox-order-seed";
import { runKillableWorker } from "@/server/test/killable-worker";
import { testRandom } from "@/server/test/test-seed";

const START = "2026-03-02T09:00:00Z";
const WORKER = path.resolve("server/test/fixtures/mailbox-order-worker.ts");

function runWorker(env: Record<string, string>, killAfterMs: number | null) {
  return runKillableWorker(WORKER, env, killAfterMs);
}

it("completes every order with nothing registered, created or charged twice when its process is killed repeatedly", { timeout: 600_000 }, async () => {
  const random = testRandom();
  const { workspace } = await createTestWorkspace();
  const orders = [];
  for (let index = 0; index < 3; index++) {
    orders.push(
      await seedMailboxOrder(workspace.id, [
        // The first domain's first registration answer is lost: placing_unknown, reconciled.
        { name: testDomainName(index === 0 ? "timeout-crash" : "crash"), platform: "google", mailboxes: [{ localPart: "ann" }, { localPart: "bob" }] },
        { name: testDomainName("crash"), platform: "microsoft", mailboxes: [{ localPart: "cid" }, { localPart: "dee" }] },
      ]),
    );
  }
  const orderIds = orders.map((order) => order.id);

  const folder = mkdtempSync(path.join(tmpdir(), "herald-order-crash-"));
  const env = { CLOCK_FILE: path.join(folder, "clock"), CRASH_LOG: path.join(folder, "crashes"), START, ORDER_IDS: orderIds.join(",") };
  const outcomes: string[] = [];
  for (let run = 0; run < 100; run++) {
    // Runs die right after a random provider effect (1st to 6th of the run); every other run may be killed from outside first.
    const outcome = await runWorker({ ...env, CRASH_AFTER_CALLS: String(random.int(1, 6)) }, run % 2 === 0 ? random.int(1500, 5000) : null);
    outcomes.push(outcome);
    if (outcome === "finished") break;
  }
  expect(outcomes.at(-1), `seed ${random.seed}: ${outcomes.join(", ")}`).toBe("finished");
  const crashes = existsSync(env.CRASH_LOG) ? readFileSync(env.CRASH_LOG, "utf8").trim().split("\n") : [];
  expect(crashes.length, `seed ${random.seed}`).toBeGreaterThanOrEqual(5);

  const finished = await db.mailboxOrder.findMany({ where: { id: { in: orderIds } }, include: { domains: { include: { mailboxes: true } } } });
  for (const order of finished) {
    expect(order.status, `${order.id} (seed ${random.seed}): ${order.statusLabel}`).toBe("completed");
    for (const domain of order.domains) {
      const registration = await db.sandboxDomainRegistration.findUnique({ where: { name: domain.name } });
      expect(registration?.registerCalls, `${domain.name} registered once (seed ${random.seed})`).toBe(1);
      for (const mailbox of domain.mailboxes) {
        expect(mailbox.step).toBe("connected");
        expect(await db.sandboxMailUser.count({ where: { email: mailbox.email } })).toBe(1);
        const heraldMailboxes = await db.mailbox.findMany({ where: { workspaceId: workspace.id, email: mailbox.email }, include: { warmup: true } });
        expect(heraldMailboxes).toHaveLength(1);
        expect(heraldMailboxes[0]).toMatchObject({ id: mailbox.accountId, connectedVia: "managed", managedStatus: "active" });
        expect(heraldMailboxes[0]!.warmup?.status).toBe("warming");
      }
    }
    const payments = await db.billingPayment.findMany({ where: { orderId: order.id } });
    expect(payments.map((payment) => payment.kind)).toEqual(["order"]);
  }
  expect(await db.sandboxMailTenant.count({ where: { domain: { in: finished.flatMap((order) => order.domains.map((domain) => domain.name)) } } })).toBe(6);
});
