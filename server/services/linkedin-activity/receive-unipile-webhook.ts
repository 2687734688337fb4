import { env } from "../../env";
import { now } from "../../lib/clock";
import { logger } from "../../lib/logger";
import { parseHostedAuthNotification, parseUnipileWebhook, verifyUnipileWebhook } from "../../providers/linkedin/unipile/webhooks";
import { completeProviderHostedLink } from "../senders/complete-provider-hosted-link";
import { recordProviderActivity } from "./record-provider-activity";

/**
 * Unipile's deliveries: hosted sign-in notifications (which carry no secret: trusted only when the
 * link is pending and Unipile confirms the account) and webhooks for relations, messages and
 * account status (which must carry UNIPILE_WEBHOOK_SECRET in the Unipile-Auth header). The body is
 * Unipile's, parsed by the provider's own readers; the route answers 401 when not authenticated.
 */
export async function receiveUnipileWebhook(headers: Headers, body: unknown): Promise<{ authenticated: boolean; accepted: number }> {
  const notification = parseHostedAuthNotification(body);
  if (notification) {
    const completed = await completeProviderHostedLink(notification.linkId, notification.providerAccountId);
    return { authenticated: completed, accepted: completed ? 1 : 0 };
  }
  const secret = env().UNIPILE_WEBHOOK_SECRET;
  if (!secret || !verifyUnipileWebhook(headers, secret)) {
    logger.warn("Refused a Unipile webhook without the expected Unipile-Auth header");
    return { authenticated: false, accepted: 0 };
  }
  const activities = parseUnipileWebhook({ headers, body, receivedAt: now() });
  for (const activity of activities) await recordProviderActivity("unipile", activity);
  return { authenticated: true, accepted: activities.length };
}
