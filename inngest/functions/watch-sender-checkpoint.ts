// Clears an IN_APP_VALIDATION or CAPTCHA verification in the background: the person approves the
// sign-in in the LinkedIn app (or solves the captcha on LinkedIn's page), and the sender connects
// with its events without anyone polling GET /accounts/{id}/checkpoint. One look per step, a sleep
// between looks, until the step clears or expires five minutes after LinkedIn asked.
import { checkSenderCheckpoint } from "@/server/services/senders/check-sender-checkpoint";
import { CHECKPOINT_WATCH_INTERVAL_SECONDS } from "@/server/services/senders/start-checkpoint-watch";
import { CHECKPOINT_LIFETIME_MS } from "@/server/services/senders/to-sender-account";
import { inngest } from "../client";
import { senderCheckpointPending } from "../events";

/** Enough looks to outlast the five-minute window, plus one that sees it expired. */
const MAX_LOOKS = Math.ceil(CHECKPOINT_LIFETIME_MS / 1000 / CHECKPOINT_WATCH_INTERVAL_SECONDS) + 2;

export const watchSenderCheckpoint = inngest.createFunction(
  {
    id: "watch-sender-checkpoint",
    name: "Clear a sender's in-app or captcha verification",
    triggers: [senderCheckpointPending],
    // One watcher at a time per sender: a new step (tried another way) queues behind the old one.
    concurrency: { limit: 1, key: "event.data.accountId" },
    retries: 3,
  },
  async ({ event, step }) => {
    for (let look = 1; look <= MAX_LOOKS; look++) {
      const state = await step.run(`look-${look}`, () => checkSenderCheckpoint(event.data.accountId));
      if (state !== "pending") return { state, looks: look };
      await step.sleep(`wait-${look}`, `${CHECKPOINT_WATCH_INTERVAL_SECONDS}s`);
    }
    return { state: "pending", looks: MAX_LOOKS };
  },
);
