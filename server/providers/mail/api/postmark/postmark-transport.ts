// Postmark through its official client (ServerClient). The e-mail goes with Herald's Message-ID,
// threading and List-Unsubscribe headers in `Headers`, and Herald's Message-ID again in `Metadata`
// (heraldMessageId): Postmark passes Metadata back in every webhook and its outbound message
// search filters on it, so an e-mail is found again whatever Message-ID Postmark put on the wire.
// Postmark's own tracking is switched off: Herald tracks opens and clicks itself.
import { Errors, Models, ServerClient } from "postmark";
import { now } from "@/server/lib/clock";
import { MailProviderError } from "../../types";
import type { ApiEndpoint, ApiMailCredentials, ApiMailTransport } from "../types";
import { checkPostmarkAuth, readPostmarkWebhook } from "./postmark-webhook";

/** Postmark keeps Metadata values up to 80 characters: a longer Message-ID is not put there (and is then not searchable). */
const MAX_METADATA_VALUE = 80;

function client(credentials: ApiMailCredentials, endpoint: ApiEndpoint): ServerClient {
  if (!endpoint.baseUrl) return new ServerClient(credentials.apiKey, { timeout: 30 });
  const url = new URL(endpoint.baseUrl);
  return new ServerClient(credentials.apiKey, { useHttps: url.protocol === "https:", requestHost: url.host, timeout: 30 });
}

function formatAddress(value: { name: string | null; address: string }): string {
  return value.name ? `"${value.name.replace(/["\\]/g, "\\$&")}" <${value.address}>` : value.address;
}

/** Postmark's documented API error codes (https://postmarkapp.com/developer/api/overview#error-codes) as Herald's kinds. */
export function postmarkError(error: unknown, sending: boolean): MailProviderError {
  if (!(error instanceof Errors.PostmarkError)) {
    return new MailProviderError("host-unreachable", `Postmark could not be reached: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const answer = `${error.code ? `ErrorCode ${error.code}: ` : ""}${error.message}`;
  const options = { serverResponse: answer, cause: error };
  if (error.statusCode === 401 || error.code === 10) return new MailProviderError("auth-failed", "Postmark does not accept this server API token.", { ...options, field: "apiKey" });
  switch (error.code) {
    case 406:
      return new MailProviderError("recipient-refused", "Postmark will not send to this address: it bounced or complained before (an inactive recipient).", options);
    case 300:
      return new MailProviderError("recipient-refused", `Postmark refused the e-mail as invalid: ${error.message}`, options);
    case 400:
    case 401:
      return new MailProviderError("sending-refused", `Postmark has no confirmed sender signature for this address: ${error.message}`, { ...options, field: "email" });
    case 405:
    case 412:
    case 413:
      return new MailProviderError("sending-refused", `Postmark does not send for this account now: ${error.message}`, options);
  }
  if (error.statusCode === 429) return new MailProviderError("mail-failed", "Postmark asks to slow down.", { ...options, retryable: true });
  if (error.statusCode >= 500 || error.statusCode === 0) {
    // The request may have reached Postmark: a send is then reconciled (findSent), never repeated blindly.
    return sending ? new MailProviderError("timeout", `Postmark failed while sending: ${answer}`, options) : new MailProviderError("mail-failed", `Postmark failed: ${answer}`, { ...options, retryable: true });
  }
  return new MailProviderError("mail-failed", `Postmark answered: ${answer}`, options);
}

export function createPostmarkTransport(): ApiMailTransport {
  return {
    name: "postmark",

    async verify(credentials, endpoint) {
      try {
        await client(credentials, endpoint).getServer();
      } catch (error) {
        throw postmarkError(error, false);
      }
    },

    async send(credentials, endpoint, email) {
      const headers = [
        { Name: "Message-ID", Value: email.messageId },
        ...(email.inReplyTo ? [{ Name: "In-Reply-To", Value: email.inReplyTo }] : []),
        ...(email.references.length ? [{ Name: "References", Value: email.references.join(" ") }] : []),
        ...Object.entries(email.headers).map(([Name, Value]) => ({ Name, Value })),
      ];
      try {
        const answer = await client(credentials, endpoint).sendEmail({
          From: formatAddress(email.from),
          To: formatAddress(email.to),
          Subject: email.subject,
          TextBody: email.text,
          ...(email.html !== null ? { HtmlBody: email.html } : {}),
          Headers: headers,
          ...(email.messageId.length <= MAX_METADATA_VALUE ? { Metadata: { heraldMessageId: email.messageId } } : {}),
          MessageStream: "outbound",
          TrackOpens: false,
          TrackLinks: Models.LinkTrackingOptions.None,
        });
        return { providerMessageId: answer.MessageID ?? null, acceptedAt: answer.SubmittedAt ? new Date(answer.SubmittedAt).toISOString() : now().toISOString(), response: answer.Message ?? null };
      } catch (error) {
        throw postmarkError(error, true);
      }
    },

    async findSent(credentials, endpoint, messageId) {
      if (messageId.length > MAX_METADATA_VALUE) return null;
      try {
        const found = await client(credentials, endpoint).getOutboundMessages({ count: 1, offset: 0, metadata_heraldMessageId: messageId });
        return Number(found.TotalCount) > 0 || found.Messages.length > 0;
      } catch (error) {
        throw postmarkError(error, false);
      }
    },

    async readWebhook(credentials, request) {
      checkPostmarkAuth(credentials.webhookSecret, request);
      return readPostmarkWebhook(request, now());
    },
  };
}
