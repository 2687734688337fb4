// SendGrid (Twilio SendGrid v3 API) as an ApiMailTransport, through the official @sendgrid/mail and
// @sendgrid/client. Each call makes its own client for the mailbox's key (the packages' default
// exports are process-wide singletons holding one key).
//
// Herald's Message-ID goes in the e-mail's `headers`: SendGrid keeps a Message-ID given there (it
// is not among its reserved headers), and its events' smtp-id repeat it once the From domain is
// authenticated. It also goes in `custom_args` {herald_message_id}, which every event of the
// e-mail carries back whatever the domain, and the answer's X-Message-Id is kept as the provider's
// id (events name it as the start of sg_message_id).
import { Client } from "@sendgrid/client";
import { MailService } from "@sendgrid/mail";
import { now } from "../../../../lib/clock";
import { MailProviderError, type MailAddress, type OutgoingEmail } from "../../types";
import { ApiWebhookRefused, type ApiEndpoint, type ApiMailCredentials, type ApiMailTransport, type ApiSentEmail, type ApiWebhookRequest, type ApiWebhookResult } from "../types";
import { inboundEmail, readWebhookForm } from "../inbound-form";
import { sendgridAnswer, sendgridError } from "./sendgrid-errors";
import { checkSendgridSignature, HERALD_MESSAGE_ID_ARG, readSendgridEvents } from "./sendgrid-events";

/** How long one API call may take. */
const TIMEOUT_MS = 30_000;

/**
 * The official mail service with a client for this mailbox's key: SendGrid's global host, its EU
 * host for region "eu", or the endpoint's (tests). Its `client` serves the other v3 calls, with the
 * same timeout (MailService.setTimeout sets it on the client).
 */
function sendgrid(credentials: ApiMailCredentials, endpoint: ApiEndpoint): { mail: MailService; client: Client } {
  const client = new Client();
  client.setApiKey(credentials.apiKey);
  if (credentials.region === "eu") client.setDataResidency("eu");
  if (endpoint.baseUrl) client.setDefaultRequest("baseUrl", endpoint.baseUrl);
  const mail = new MailService();
  mail.setClient(client);
  mail.setTimeout(TIMEOUT_MS);
  return { mail, client };
}

function address(value: MailAddress): { email: string; name?: string } {
  return value.name ? { email: value.address, name: value.name } : { email: value.address };
}

/** The e-mail's headers for SendGrid: Herald's Message-ID and threading headers, then its own (List-Unsubscribe …). */
function headersOf(email: OutgoingEmail): Record<string, string> {
  const headers: Record<string, string> = { ...email.headers, "Message-ID": email.messageId };
  if (email.inReplyTo) headers["In-Reply-To"] = email.inReplyTo;
  if (email.references.length) headers.References = email.references.join(" ");
  return headers;
}

function header(headers: Record<string, unknown>, name: string): string | null {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return typeof value === "string" && value ? value : null;
}

/** The words for the mailbox in errors: SendGrid's credentials do not name its address. */
const THIS_MAILBOX = "this mailbox";

async function verify(credentials: ApiMailCredentials, endpoint: ApiEndpoint): Promise<void> {
  let scopes: unknown;
  try {
    const [, body] = await sendgrid(credentials, endpoint).client.request({ method: "GET", url: "/v3/scopes" });
    scopes = (body as { scopes?: unknown } | null)?.scopes;
  } catch (error) {
    throw sendgridError(error, { email: THIS_MAILBOX, now: now() });
  }
  // GET /v3/scopes lists what the key may do; one that may not send is refused now, not at the first e-mail.
  if (Array.isArray(scopes) && !scopes.includes("mail.send")) {
    throw new MailProviderError("auth-failed", "This SendGrid API key may not send e-mail: give it Mail Send access (Restricted Access → Mail Send → Full Access).", { field: "apiKey" });
  }
}

async function send(credentials: ApiMailCredentials, endpoint: ApiEndpoint, email: OutgoingEmail): Promise<ApiSentEmail> {
  const { mail } = sendgrid(credentials, endpoint);
  const content = email.html ? { text: email.text, html: email.html } : { text: email.text };
  try {
    const [response] = await mail.send({
      from: address(email.from),
      to: address(email.to),
      subject: email.subject,
      ...content,
      headers: headersOf(email),
      customArgs: { [HERALD_MESSAGE_ID_ARG]: email.messageId },
    });
    return {
      providerMessageId: header(response.headers as Record<string, unknown>, "x-message-id"),
      acceptedAt: now().toISOString(),
      response: `${response.statusCode} Accepted`,
    };
  } catch (error) {
    throw sendgridError(error, { email: email.from.address, recipient: email.to.address, sending: true, now: now() });
  }
}

/**
 * Through the Email Activity API (GET /v3/messages), a paid add-on: its query finds the e-mail by
 * the custom argument it was sent with. An account without the add-on (or a key without the
 * Email Activity scope) is answered 403 or 404, and then SendGrid cannot tell: null. So is a 400
 * (a query the account's Activity search does not take): no answer is better than a wrong one.
 */
async function findSent(credentials: ApiMailCredentials, endpoint: ApiEndpoint, messageId: string, since: Date): Promise<boolean | null> {
  const query = `unique_args['${HERALD_MESSAGE_ID_ARG}']="${messageId.replace(/["\\]/g, "")}"`;
  let body: unknown;
  try {
    [, body] = await sendgrid(credentials, endpoint).client.request({ method: "GET", url: "/v3/messages", qs: { query, limit: 10 } });
  } catch (error) {
    const status = sendgridAnswer(error)?.status;
    if (status === 400 || status === 403 || status === 404) return null;
    throw sendgridError(error, { email: THIS_MAILBOX, now: now() });
  }
  const messages = (body as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages)) return false;
  return messages.some((message: { last_event_time?: unknown }) => {
    const at = typeof message.last_event_time === "string" ? Date.parse(message.last_event_time) : Number.NaN;
    return Number.isNaN(at) || at >= since.getTime();
  });
}

/**
 * Two kinds of request reach the same mailbox: the Event Webhook (a JSON array, signed) and Inbound
 * Parse (a multipart form, unsigned: its URL carries the mailbox's secret token, checked by the
 * framework). Inbound Parse must post the raw, full MIME message (the `email` field). As only the
 * token vouches for a Parse post, it is marked tokenOnly: a bounce or complaint in it is not acted on.
 */
async function readWebhook(credentials: ApiMailCredentials, request: ApiWebhookRequest): Promise<ApiWebhookResult> {
  const contentType = request.headers["content-type"] ?? "";
  if (/^multipart\/form-data/i.test(contentType)) {
    const form = await readWebhookForm(request.rawBody, contentType);
    const raw = form.get("email");
    if (!raw) throw new ApiWebhookRefused("SendGrid's Inbound Parse posted no raw message: turn on \"POST the raw, full MIME message\" for this host.");
    return { kind: "inbound", message: await inboundEmail("sendgrid", raw, now()), tokenOnly: true };
  }
  checkSendgridSignature({ publicKey: credentials.webhookSecret, rawBody: request.rawBody, headers: request.headers, now: now() });
  return { kind: "events", events: readSendgridEvents(request.rawBody) };
}

export function createSendgridTransport(): ApiMailTransport {
  return { name: "sendgrid", verify, send, findSent, readWebhook };
}
