// Daily: one herald/mailbox-dns.check-due per mailbox (check-mailbox-dns.ts runs each), so a
// domain whose records changed or broke shows it within a day. Each event's id names the mailbox
// and the day: a sweep that runs again (a retry, two schedulers) starts no second check.
import { cron } from "inngest";
import { now } from "@/server/lib/clock";
import { listMailboxesForDnsCheck } from "@/server/services/mail/health/list-mailboxes-for-dns-check";
import { inngest } from "../client";
import { mailboxDnsCheckDue } from "../events";

/** Events per sendEvent step, well inside an Inngest server's request size. */
export const DNS_CHECKS_PER_SEND = 500;

export const refreshDnsHealthFunction = inngest.createFunction(
  { id: "refresh-dns-health", name: "Check every mailbox's domain DNS", triggers: [cron("17 4 * * *")], concurrency: { limit: 1 }, retries: 2 },
  async ({ step }) => {
    const sweep = await step.run("list", async () => ({ day: now().toISOString().slice(0, 10), mailboxIds: await listMailboxesForDnsCheck() }));
    for (let start = 0; start < sweep.mailboxIds.length; start += DNS_CHECKS_PER_SEND) {
      const mailboxIds = sweep.mailboxIds.slice(start, start + DNS_CHECKS_PER_SEND);
      await step.sendEvent(
        `checks-${start / DNS_CHECKS_PER_SEND}`,
        mailboxIds.map((mailboxId) => mailboxDnsCheckDue.create({ mailboxId }, { id: `mailbox-dns-${mailboxId}-${sweep.day}` })),
      );
    }
    return { day: sweep.day, mailboxes: sweep.mailboxIds.length };
  },
);
