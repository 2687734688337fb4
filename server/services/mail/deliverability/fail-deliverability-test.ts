// A test whose run gave up (a step failed for good, e.g. the database or the seed's server kept
// failing): finished as failed at once, so its mailbox shows why and can be tested again.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";

export async function failDeliverabilityTest(testId: string): Promise<void> {
  await db.deliverabilityTest.updateMany({
    where: { id: testId, status: "running" },
    data: { status: "failed", failure: "read", failureMessage: "The test stopped on an error before it finished: run it again.", finishedAt: now() },
  });
}
