// One sender's campaign turn, asked for by the executor's pass (run-campaign-executor.ts): the
// sender acts once on its first due lead, as it would have at the pass moment. One turn per sender
// at a time (concurrency keyed by sender), up to HERALD_TURN_CONCURRENCY senders at once per Herald
// process, on whichever process the Inngest server calls.
import { takeSenderTurn } from "@/server/services/campaigns/executor/take-sender-turn";
import { env, type Env } from "@/server/env";
import { now } from "@/server/lib/clock";
import { inngest } from "../client";
import { inngestServerConfigured } from "../connection";
import { senderTurnDue } from "../events";

/**
 * A turn that has not started within this time of its pass is dropped: the next minute's pass asks
 * for a fresher one, decided on fresher facts.
 */
export const TURN_EXPIRES_AFTER_MS = 50_000;

/**
 * How many turns run at once across the installation. A turn mostly waits on LinkedIn, so hundreds
 * of senders need tens of turns at once to act within a minute. An Inngest server counts a
 * function's limit over every process it calls, hence the per-process figure times the processes
 * behind it; the embedded executor is one process and makes room for this many (executor.ts). The
 * limit also keeps a pass's burst of turns from taking every slot other functions need.
 */
export function senderTurnsAtOnce(
  settings: Pick<Env, "HERALD_TURN_CONCURRENCY" | "HERALD_PROCESSES"> = env(),
  behindInngestServer: boolean = inngestServerConfigured(),
): number {
  return settings.HERALD_TURN_CONCURRENCY * (behindInngestServer ? settings.HERALD_PROCESSES : 1);
}

export const takeSenderTurnFunction = inngest.createFunction(
  {
    id: "take-sender-turn",
    name: "Take a sender's campaign turn",
    triggers: [senderTurnDue],
    concurrency: [
      { key: "event.data.senderId", limit: 1 },
      { limit: senderTurnsAtOnce() },
    ],
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
