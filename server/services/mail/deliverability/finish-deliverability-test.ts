// The run's last step: asks the blocklists about the sending server's IP and the mailbox's domain,
// marks the test done and recomputes the mailbox's overall health from it.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { checkBlocklists } from "../../../providers/blocklists/dns-blocklists";
import { resolverForMailbox } from "../../../providers/dns";
import { refreshMailboxHealth } from "../health/refresh-mailbox-health";

export async function finishDeliverabilityTest(testId: string): Promise<"done" | "failed" | "gone"> {
  const test = await db.deliverabilityTest.findUnique({ where: { id: testId }, include: { mailbox: { select: { provider: true, email: true } } } });
  if (!test) return "gone";
  if (test.status === "running") {
    const domain = (test.mailbox.email.split("@")[1] ?? "").toLowerCase();
    const answers = await checkBlocklists({ ip: test.sendingIp, domain }, resolverForMailbox(test.mailbox));
    await db.deliverabilityTest.updateMany({
      where: { id: testId, status: "running" },
      data: {
        status: "done",
        blocklistIp: answers.ip,
        blocklistDomain: answers.domain,
        blocklistAnswers: answers.listings.map((listing) => ({ ...listing })),
        finishedAt: now(),
      },
    });
  }
  await refreshMailboxHealth(test.mailboxId);
  const after = await db.deliverabilityTest.findUnique({ where: { id: testId }, select: { status: true } });
  return after?.status === "failed" ? "failed" : "done";
}
