// The background jobs page in plain words: what started a run and what it waits for, instead of
// Inngest's event names ("inngest/scheduled.timer") and raw ISO timestamps.
import { formatDateTime } from "@/components/ui/format";

const TRIGGERS: Record<string, string> = {
  "inngest/scheduled.timer": "On its schedule",
  "inngest/function.invoked": "Called by another job",
  "inngest/function.finished": "After another job",
  "inngest/function.failed": "After another job failed",
  "herald/campaigns.kicked": "A campaign changed",
  "herald/deliverability-test.requested": "A deliverability test was asked for",
  "herald/lead-import.requested": "A lead import was started",
  "herald/mailbox-dns.check-due": "A mailbox's DNS check fell due",
  "herald/mailbox-order.provision": "A mailbox order was paid",
  "herald/mailbox-read.due": "A mailbox's reading fell due",
  "herald/mailbox-turn.due": "A mailbox's turn to send",
  "herald/outbox.committed": "Herald recorded events to deliver",
  "herald/sender-checkpoint.pending": "A sender's sign-in needs a check",
  "herald/sender-conversations.sync": "A sender's conversations need syncing",
  "herald/sender-turn.due": "A sender's turn to act",
  "herald/webhook.batch.requested": "Webhook deliveries were queued",
  "herald/webhook.delivery.requested": "A webhook delivery was queued",
};

/** What started a run, in words; an event Herald does not know by name is shown as it is. */
export function triggerWords(eventName: string): string {
  return TRIGGERS[eventName] ?? eventName;
}

const ISO_TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;

/** "sleeping until 2026-12-01T22:11:41.271Z" → "Sleeping until <the viewer's local date and time>". */
export function waitWords(waitingFor: string): string {
  const words = waitingFor.replace(ISO_TIMESTAMP, (iso) => formatDateTime(iso));
  return words.charAt(0).toUpperCase() + words.slice(1);
}
