// Every minute: one herald/mailbox-read.due per connected mailbox on real mail servers, read by
// read-mailbox.ts on whichever Herald process the Inngest server calls. Each event's id names the
// mailbox and the minute, so a poll that runs again (a retry, two schedulers) starts no second run.
// On the embedded executor, whose runs share one process's parallel limit (16) with every other
// job, readers wait in IDLE only while there are few mailboxes; beyond that they poll.
import { cron } from "inngest";
import { now } from "@/server/lib/clock";
import { listMailboxesToRead } from "@/server/services/mail/inbound/list-mailboxes-to-read";
import { inngest } from "../client";
import { jobsRunEmbedded } from "../connection";
import { mailboxReadDue } from "../events";

/** Events per sendEvent step, well inside an Inngest server's request size. */
export const READS_PER_SEND = 500;
/** Most mailboxes whose readers idle on the embedded executor: half its parallel runs. */
export const EMBEDDED_IDLE_MAILBOXES = 8;

export const pollMailboxes = inngest.createFunction(
  { id: "poll-mailboxes", name: "Poll the mailboxes for new mail", triggers: [cron("* * * * *")], concurrency: { limit: 1 }, retries: 2 },
  async ({ step }) => {
    const poll = await step.run("list", async () => {
      const minute = new Date(Math.floor(now().getTime() / 60_000) * 60_000).toISOString();
      const mailboxIds = await listMailboxesToRead();
      return { minute, mailboxIds, idle: !jobsRunEmbedded() || mailboxIds.length <= EMBEDDED_IDLE_MAILBOXES };
    });
    for (let start = 0; start < poll.mailboxIds.length; start += READS_PER_SEND) {
      const mailboxIds = poll.mailboxIds.slice(start, start + READS_PER_SEND);
      await step.sendEvent(
        `reads-${start / READS_PER_SEND}`,
        mailboxIds.map((mailboxId) => mailboxReadDue.create({ mailboxId, idle: poll.idle }, { id: `mailbox-read-${mailboxId}-${poll.minute}` })),
      );
    }
    return { minute: poll.minute, mailboxes: poll.mailboxIds.length, idle: poll.idle };
  },
);
