// The DNS checks of one mailbox's domain, asked for by the daily sweep (refresh-dns-health.ts) or
// right after the mailbox connected. One check per mailbox at a time, and a few at once overall so
// the sweep does not flood the DNS servers; mailboxes on one domain sending the same way share a
// check made in the last hour. A failed lookup is stored as such (status `error`), so a run only
// fails on a database error, and is retried once.
import { refreshDnsHealth } from "@/server/services/mail/health/check-dns-health";
import { inngest } from "../client";
import { mailboxDnsCheckDue } from "../events";

/** A check of a mailbox on the same domain this recent is taken rather than asking the DNS again. */
export const SHARE_DNS_CHECK_MS = 60 * 60 * 1000;

export const checkMailboxDnsFunction = inngest.createFunction(
  {
    id: "check-mailbox-dns",
    name: "Check a mailbox's domain DNS",
    triggers: [mailboxDnsCheckDue],
    concurrency: [{ key: "event.data.mailboxId", limit: 1 }, { limit: 5 }],
    retries: 1,
  },
  async ({ event, step }) =>
    step.run("check", async () => {
      const health = await refreshDnsHealth(event.data.mailboxId, { shareWithinMs: SHARE_DNS_CHECK_MS });
      return { mailboxId: event.data.mailboxId, status: health?.status ?? "gone" };
    }),
);
