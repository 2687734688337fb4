// The DeliverabilityTest object as the API and the dashboard show it.
import type { DeliverabilityTest } from "../../../db/generated/client";
import { isStaleDeliverabilityTest, STALE_TEST_AFTER_MS, STALE_TEST_MESSAGE } from "../../../domain/mail/deliverability-limits";
import { now } from "../../../lib/clock";
import { toIso } from "../../../schemas/common";
import { ZDeliverabilityTest, type TDeliverabilityTest } from "../../../schemas/mailbox-health";

const ZLanding = ZDeliverabilityTest.shape.landing;
const ZCrossCheck = ZDeliverabilityTest.shape.crossCheck;
const ZListings = ZDeliverabilityTest.shape.blocklists.unwrap().shape.listings;
const ZListed = ZDeliverabilityTest.shape.blocklists.unwrap().shape.ip;
const ZFailure = ZDeliverabilityTest.shape.failure;

/** What the test is doing or found, in plain words. */
export function deliverabilityStatusLabel(row: Pick<DeliverabilityTest, "status" | "landing" | "sentAt" | "failure" | "failureMessage" | "seedAddress">): string {
  if (row.status === "running") {
    return row.sentAt ? `Sent to ${row.seedAddress}: waiting for it to arrive (up to 10 minutes).` : "Sending the test e-mail…";
  }
  if (row.status === "failed") return row.failureMessage ?? "The test could not finish.";
  switch (row.landing) {
    case "inbox":
      return "Landed in the inbox.";
    case "promotions":
      return "Landed in Promotions: delivered, but not where people look first.";
    case "spam":
      return "Landed in spam: see the authentication and blocklist results below for why.";
    case "not-arrived":
      return "Did not arrive within 10 minutes: the receiver may have refused or delayed it.";
    default:
      return "Finished.";
  }
}

/**
 * A test whose run was lost stays `running` in the database until the next start finishes it, and
 * the page offers no start while one runs: past STALE_TEST_AFTER_MS it is shown as the failure the
 * next start will record, so the person can run it again (a read never writes).
 */
function asShown(row: DeliverabilityTest, at: Date): DeliverabilityTest {
  if (!isStaleDeliverabilityTest(row, at)) return row;
  return { ...row, status: "failed", failure: "read", failureMessage: STALE_TEST_MESSAGE, finishedAt: new Date(row.startedAt.getTime() + STALE_TEST_AFTER_MS) };
}

export function toDeliverabilityTest(stored: DeliverabilityTest, at: Date = now()): TDeliverabilityTest {
  const row = asShown(stored, at);
  const blocklists =
    row.blocklistIp || row.blocklistDomain
      ? {
          ip: ZListed.catch("unknown").parse(row.blocklistIp),
          domain: ZListed.catch("unknown").parse(row.blocklistDomain),
          listings: ZListings.catch([]).parse(row.blocklistAnswers ?? []),
        }
      : null;
  return {
    id: row.id,
    status: row.status as TDeliverabilityTest["status"],
    statusLabel: deliverabilityStatusLabel(row),
    seed: row.seedAddress,
    startedAt: row.startedAt.toISOString(),
    sentAt: toIso(row.sentAt),
    finishedAt: toIso(row.finishedAt),
    landing: ZLanding.catch(null).parse(row.landing),
    spf: row.spf,
    dkim: { result: row.dkimResult, selector: row.dkimSelector },
    dmarc: row.dmarc,
    crossCheck: ZCrossCheck.catch(null).parse(row.crossCheck ?? null),
    sendingIp: row.sendingIp,
    blocklists,
    failure: ZFailure.catch(null).parse(row.failure),
    failureMessage: row.failureMessage,
  };
}
