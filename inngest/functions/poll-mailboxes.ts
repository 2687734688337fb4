// Every minute: one herald/mailbox-read.due per connected mailbox on real mail servers, read by
// read-mailbox.ts on whichever Herald process the Inngest server calls. Each event's id names the
// mailbox and the minute, so a poll that runs again (a retry, two schedulers) starts no second run.
import { cron } from "inngest";
import { now } from "@/server/lib/clock";
import { listMailboxesToRead } from "@/server/services/email-inbound/list-mailboxes-to-read";
import { inngest } from "../client";
import { mailboxReadDue } from "../events";

/** Events per sendEvent step, well inside an Inngest server's request size. */
export const READS_PER_SEND = 500;

export const pollMailboxes = inngest.createFunction(
  { id: "poll-mailboxes", name: "Poll the mailboxes for new mail", triggers: [cron("* * * * *")], concurrency: { limit: 1 }, retries: 2 },
  async ({ step }) => {
    const poll = await step.run("list", async () => {
      const minute = new Date(Math.floor(now().getTime() / 60_000) * 60_000).toISOString();
      return { minute, mailboxIds: await listMailboxesToRead() };
    });
    for (let start = 0; start < poll.mailboxIds.length; start += READS_PER_SEND) {
      const mailboxIds = poll.mailboxIds.slice(start, start + READS_PER_SEND);
      await step.sendEvent(
        `reads-${start / READS_PER_SEND}`,
        mailboxIds.map((mailboxId) => mailboxReadDue.create({ mailboxId }, { id: `mailbox-read-${mailboxId}-${poll.minute}` })),
      );
    }
    return { minute: poll.minute, mailboxes: poll.mailboxIds.length };
  },
);
