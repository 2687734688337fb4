// A test whose run crashed or was lost stays `running`; without this it would block its mailbox's
// next test for good (one running per mailbox). Finished as failed once it is past 15 minutes: the
// run itself gives up by then (10 minutes of waiting after sending), so none is cut short.
import { db, type DbClient } from "../../../db/client";
import { STALE_TEST_AFTER_MS, STALE_TEST_MESSAGE } from "../../../domain/mail/deliverability-limits";

export async function finishStaleDeliverabilityTests(mailboxId: string, at: Date, client: DbClient = db): Promise<number> {
  const { count } = await client.deliverabilityTest.updateMany({
    where: { mailboxId, status: "running", startedAt: { lt: new Date(at.getTime() - STALE_TEST_AFTER_MS) } },
    data: { status: "failed", failure: "read", failureMessage: STALE_TEST_MESSAGE, finishedAt: at },
  });
  return count;
}
