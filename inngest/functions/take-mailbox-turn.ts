// One mailbox's campaign turn, asked for by the executor's pass (run-campaign-executor.ts): the
// mailbox sends once, to its first due lead, as it would have at the pass moment. One turn per
// mailbox at a time (concurrency keyed by mailbox), any number of mailboxes at once, on whichever
// Herald process the Inngest server calls.
import { takeMailboxTurn } from "@/server/services/campaigns/executor/take-mailbox-turn";
import { now } from "@/server/lib/clock";
import { inngest } from "../client";
import { mailboxTurnDue } from "../events";
import { TURN_EXPIRES_AFTER_MS } from "./take-sender-turn";

export const takeMailboxTurnFunction = inngest.createFunction(
  {
    id: "take-mailbox-turn",
    name: "Take a mailbox's campaign turn",
    triggers: [mailboxTurnDue],
    concurrency: { key: "event.data.mailboxId", limit: 1 },
    // No retry: a turn that failed may have left an e-mail `sending`, which the mailbox's next turn
    // reconciles with its provider before it sends again. The next pass, within a minute, is the retry.
    retries: 0,
  },
  async ({ event, step }) => {
    const { mailboxId, at } = event.data;
    const sent = await step.run("turn", async () => {
      const passAt = new Date(at);
      // Stale turns are dropped as a sender's are: the next pass decides on fresher facts.
      if (now().getTime() - passAt.getTime() > TURN_EXPIRES_AFTER_MS) return null;
      return takeMailboxTurn(mailboxId, passAt);
    });
    return sent === null ? { mailboxId, state: "expired" as const } : { mailboxId, state: sent ? ("sent" as const) : ("idle" as const) };
  },
);
