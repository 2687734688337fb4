// Every ten minutes: paid mailbox orders whose provisioning run was never started get their event
// again (server/services/mailbox-orders/provisioning/restart-stalled-mailbox-orders.ts).
import { cron } from "inngest";
import { restartStalledMailboxOrders } from "@/server/services/mailbox-orders/provisioning/restart-stalled-mailbox-orders";
import { inngest } from "../client";

export const restartStalledMailboxOrdersFunction = inngest.createFunction(
  { id: "restart-stalled-mailbox-orders", name: "Restart stalled mailbox orders", triggers: [cron("*/10 * * * *")] },
  async ({ step }) => step.run("restart-stalled", () => restartStalledMailboxOrders()),
);
