// Reading one mailbox, asked for by the minute's poll (poll-mailboxes.ts): what arrived since its
// cursor, then, where its server offers IMAP IDLE, waiting for more and reading it as it arrives,
// so a reply takes effect within seconds. The wait is bounded (HERALD_MAIL_IDLE_SECONDS, default
// 45) so the run ends before the next poll. One reader per mailbox at a time (concurrency keyed by
// mailbox), any number of mailboxes at once, on whichever Herald process the Inngest server calls.
import { now } from "@/server/lib/clock";
import { readMailbox, type ReadMailboxResult } from "@/server/services/mail/inbound/read-mailbox";
import { mailIdleMs, waitForMailboxMail } from "@/server/services/mail/inbound/wait-for-mailbox-mail";
import { inngest } from "../client";
import { mailboxReadDue } from "../events";

/** Below this much time left, the run does not start another wait. */
const LEAST_WAIT_MS = 1_000;
/** Reads in one run at most (a mailbox with a long backlog goes on at the next poll). */
const MOST_READS = 30;

export const readMailboxFunction = inngest.createFunction(
  {
    id: "read-mailbox",
    name: "Read a mailbox",
    triggers: [mailboxReadDue],
    concurrency: { key: "event.data.mailboxId", limit: 1 },
    // A failed read is recorded on the mailbox and tried again at the next poll, a minute later.
    retries: 0,
  },
  async ({ event, step }) => {
    const { mailboxId, idle = true } = event.data;
    const total = { read: 0, reads: 1, waits: 0 };
    const first = await step.run("read", async () => ({ ...(await readMailbox(mailboxId)), startedAt: now().getTime(), idleMs: idle ? mailIdleMs() : 0 }));
    total.read += first.read;
    let last: ReadMailboxResult = first;
    while (total.reads < MOST_READS) {
      if (!last.more) {
        const left = first.idleMs - (now().getTime() - first.startedAt);
        if (left < LEAST_WAIT_MS) break;
        total.waits += 1;
        const arrived = await step.run(`wait-${total.waits}`, () => waitForMailboxMail(mailboxId, left));
        if (!arrived) break;
      }
      total.reads += 1;
      last = await step.run(`read-${total.reads}`, () => readMailbox(mailboxId));
      total.read += last.read;
    }
    return { mailboxId, ...total };
  },
);
