// POST /api/providers/mail/<provider>/<token>: what an e-mail API provider posts about a mailbox's
// mail. The token (Mailbox.webhookToken, random, shown on the mailbox page) finds the mailbox; the
// provider's own check (SNS signature, Postmark basic auth, SendGrid's ECDSA signature, Mailgun's
// HMAC) must pass with the mailbox's secrets, or the request is refused (401) without effect. A
// signature's one-time token (Mailgun's) is taken once: a request repeating it is refused (401) as a
// replay. Then: events are each taken once (apply-mail-provider-event.ts); an inbound e-mail (a
// reply) is stored as mail read from a mailbox is (record-incoming-email.ts), except that one only
// the address's token vouches for (SendGrid's Inbound Parse) is never acted on as a delivery or
// spam report; an SNS subscription is confirmed.
import { db } from "../../../db/client";
import type { Mailbox } from "../../../db/generated/client";
import { HeraldError } from "../../../lib/errors";
import { logger } from "../../../lib/logger";
import { getApiMailTransport } from "../../../providers/mail/api/transports";
import { ApiWebhookRefused, isApiMailProviderName, type ApiMailProviderName, type ApiWebhookRequest, type ApiWebhookResult } from "../../../providers/mail/api/types";
import { apiCredentials } from "../../../providers/mail/api/api-mail-provider";
import { recordIncomingEmail } from "../inbound/record-incoming-email";
import { mailboxHandle } from "../mailboxes/mailbox-handle";
import { applyMailProviderEvent, type ProviderEventOutcome } from "./apply-mail-provider-event";
import { confirmSnsSubscription } from "./confirm-sns-subscription";
import { releaseWebhookToken, takeWebhookTokenOnce } from "./take-webhook-token-once";

export interface MailProviderWebhookResult {
  kind: "events" | "inbound" | "subscription-confirmed";
  outcomes: (ProviderEventOutcome | string)[];
}

export async function receiveMailProviderWebhook(provider: string, token: string, request: ApiWebhookRequest): Promise<MailProviderWebhookResult> {
  const notFound = new HeraldError({ code: "not-found", message: "No mailbox takes provider webhooks at this address" });
  if (!isApiMailProviderName(provider) || token.length < 16 || token.length > 200) throw notFound;
  const mailbox = await db.mailbox.findUnique({ where: { webhookToken: token } });
  if (!mailbox || mailbox.provider !== provider) throw notFound;

  const transport = await getApiMailTransport(provider);
  let result;
  try {
    result = await transport.readWebhook(apiCredentials(mailboxHandle(mailbox)), request);
  } catch (error) {
    if (error instanceof ApiWebhookRefused) {
      logger.warn("An e-mail provider webhook was refused", { mailboxId: mailbox.id, provider, reason: error.message });
      throw new HeraldError({ code: "unauthorized", message: `Refused: ${error.message}` });
    }
    throw error;
  }
  const replayToken = result.kind === "subscription-confirmation" ? undefined : result.replayToken;
  if (replayToken === undefined) return applyWebhook(mailbox, provider, result);
  if (!(await takeWebhookTokenOnce(mailbox.id, provider, replayToken))) {
    logger.warn("An e-mail provider webhook was refused", { mailboxId: mailbox.id, provider, reason: "its signature's token was used before" });
    throw new HeraldError({ code: "unauthorized", message: "Refused: this signed request was received before (a signature is taken once)." });
  }
  try {
    return await applyWebhook(mailbox, provider, result);
  } catch (error) {
    await releaseWebhookToken(mailbox.id, provider, replayToken);
    throw error;
  }
}

async function applyWebhook(mailbox: Mailbox, provider: ApiMailProviderName, result: ApiWebhookResult): Promise<MailProviderWebhookResult> {
  switch (result.kind) {
    case "subscription-confirmation":
      await confirmSnsSubscription(result.confirmUrl);
      logger.info("An SNS subscription for a mailbox's SES events was confirmed", { mailboxId: mailbox.id });
      return { kind: "subscription-confirmed", outcomes: [] };
    case "inbound":
      return { kind: "inbound", outcomes: [await recordIncomingEmail(mailbox, result.message, null, { reportsTrusted: !result.tokenOnly })] };
    case "events": {
      const outcomes: ProviderEventOutcome[] = [];
      // One after the other: two events of one e-mail (a bounce after a delivery) apply in order.
      for (const event of result.events) outcomes.push(await applyMailProviderEvent(mailbox, provider, event));
      return { kind: "events", outcomes };
    }
  }
}
