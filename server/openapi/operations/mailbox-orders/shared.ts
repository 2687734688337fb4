import { z } from "zod";

export const ZMailboxOrderIdParams = z.object({
  id: z.string().min(1).max(100).meta({ description: "Mailbox order id", example: "mor_4f1c2d3e4a5b6c7d8e9f0a1b2c3d4e5f" }),
});

export const MAILBOX_ORDERS_TAG = "Mailbox orders";

/** What every ordering extension says about the gates. */
export const GATES =
  "Needs the workspace's email channel on (403 `email-channel-disabled`) and ordering managed mailboxes allowed (`settings.managedMailboxesEnabled`, 403 `managed-mailboxes-disabled`); an admin changes both with PATCH /workspace.";

/** What the billing operations say about the permission. */
export const BILLING_PERMISSION = "Billing operation: needs the key's creator to be the workspace's owner or allowed to manage billing (403 `not-allowed` otherwise).";
