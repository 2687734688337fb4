// One sender's campaign turn, asked for by the executor's pass (run-campaign-executor.ts): the
// sender acts once on its first due lead, as it would have at the pass moment. One turn per sender
// at a time (concurrency keyed by sender), any number of senders at once, on whichever Herald
// process the Inngest server calls.
import { takeSenderTurn } from "@/server/services/campaigns/executor/take-sender-turn";
import { now } from "@/server/lib/clock";
import { inngest } from "../client";
import { senderTurnDue } from "../events";

/**
 * A turn that has not started within this time of its pass is dropped: the next minute's pass asks
 * for a fresher one, decided on fresher facts.
 */
export const TURN_EXPIRES_AFTER_MS = 50_000;

export const takeSenderTurnFunction = inngest.createFunction(
  {
    id: "take-sender-turn",
    name: "Take a sender's campaign turn",
    triggers: [senderTurnDue],
    concurrency: { key: "event.data.senderId", limit: 1 },
    // No retry: a turn that failed may have left an intent `sending`, which the sender's next turn
    // reconciles with LinkedIn before it acts again. The next pass, within a minute, is the retry.
    retries: 0,
  },
  async ({ event, step }) => {
    const { senderId, at } = event.data;
    const acted = await step.run("turn", async () => {
      const passAt = new Date(at);
      if (now().getTime() - passAt.getTime() > TURN_EXPIRES_AFTER_MS) return null;
      return takeSenderTurn(senderId, passAt);
    });
    return acted === null ? { senderId, state: "expired" as const } : { senderId, state: acted ? ("acted" as const) : ("idle" as const) };
  },
);
