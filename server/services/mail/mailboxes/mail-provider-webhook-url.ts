import type { Mailbox } from "../../../db/generated/client";
import { publicUrl } from "../../../env";
import { isApiMailProviderName } from "../../../providers/mail/api/types";

/**
 * Where an e-mail API mailbox's provider posts its events and inbound replies; null for other
 * mailboxes. Mailgun's ends in /mime: its routes post the raw message only to a URL ending in
 * "mime", and its tracking webhooks reach the same route there.
 */
export function mailProviderWebhookUrl(row: Pick<Mailbox, "provider" | "webhookToken">): string | null {
  if (!isApiMailProviderName(row.provider) || !row.webhookToken) return null;
  return `${publicUrl()}/api/providers/mail/${row.provider}/${row.webhookToken}${row.provider === "mailgun" ? "/mime" : ""}`;
}
