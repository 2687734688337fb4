// Every 15 minutes: refunds whose billing provider call failed are sent again with their key (the
// provider gives the money back once however often it is asked).
import { cron } from "inngest";
import { retryPendingRefunds as retryRefunds } from "@/server/services/mailbox-orders/retry-pending-refunds";
import { inngest } from "../client";

export const retryPendingRefunds = inngest.createFunction(
  { id: "retry-pending-refunds", name: "Retry pending refunds", concurrency: { limit: 1 }, triggers: [cron("*/15 * * * *")] },
  async ({ step }) => step.run("send-pending-refunds", () => retryRefunds()),
);
