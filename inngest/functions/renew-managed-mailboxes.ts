// Hourly: managed mailboxes and their domains renewed, charged once per period; cancelled mailboxes
// removed at their cancel date; stopped domains expired (server/services/mailbox-orders/managed-mailboxes/renew-managed-mailboxes.ts).
import { cron } from "inngest";
import { renewManagedMailboxes as renewAll } from "@/server/services/mailbox-orders/managed-mailboxes/renew-managed-mailboxes";
import { inngest } from "../client";

export const renewManagedMailboxes = inngest.createFunction(
  // One run at a time keeps runs from queueing behind a slow registrar; a second run at once would
  // still charge each period once.
  { id: "renew-managed-mailboxes", name: "Renew managed mailboxes", triggers: [cron("41 * * * *")], concurrency: { limit: 1 } },
  async ({ step }) => step.run("renew-managed-mailboxes", () => renewAll()),
);
