// Amazon SES (API v2) through the official client: the e-mail goes as raw MIME (Content.Raw), built
// by the same composer as SMTP mail, so its headers go out as Herald composed them (SES does give
// it a Message-ID of its own on the way; its events keep the original headers, which is how they
// are matched). SES offers no search of sent mail: findSent answers null and an interrupted send
// is treated as unknown. Events come through an SNS topic (sns-message.ts checks the signature), and
// so do replies when a receipt rule publishes received mail to the same topic.
import { GetAccountCommand, SendEmailCommand, SESv2Client, SESv2ServiceException } from "@aws-sdk/client-sesv2";
import { now } from "@/server/lib/clock";
import { composeRawEmail } from "../../smtp/mail-server-provider";
import { MailProviderError } from "../../types";
import { ApiWebhookRefused, type ApiEndpoint, type ApiMailCredentials, type ApiMailTransport } from "../types";
import { readSesEvents, readSesInbound } from "./ses-events";
import { fetchSnsCertificate, isSnsUrl, verifySnsMessage, type FetchCertificate } from "./sns-message";

export interface SesTransportOptions {
  fetchCertificate?: FetchCertificate;
  /** For tests only: an address prefix accepted for SNS certificates and subscription confirmations (see sns-message.ts). */
  testUrlPrefix?: string | null;
}

function client(credentials: ApiMailCredentials, endpoint: ApiEndpoint): SESv2Client {
  if (!credentials.region) throw new MailProviderError("auth-failed", "Amazon SES needs the AWS region of your SES account, e.g. eu-west-1.", { field: "region" });
  if (!credentials.secretAccessKey) throw new MailProviderError("auth-failed", "Amazon SES needs the secret access key of the IAM access key.", { field: "secretAccessKey" });
  return new SESv2Client({
    region: credentials.region,
    credentials: { accessKeyId: credentials.apiKey, secretAccessKey: credentials.secretAccessKey },
    // Herald retries on its own schedule (the executor's turn), and a retry inside the client could send twice.
    maxAttempts: 1,
    ...(endpoint.baseUrl ? { endpoint: endpoint.baseUrl } : {}),
  });
}

const NOT_CONNECTED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
const CREDENTIAL_ERRORS = new Set(["InvalidClientTokenId", "UnrecognizedClientException", "IncompleteSignature", "MissingAuthenticationToken"]);

/** SES's documented errors as Herald's kinds; `sending` says whether it came from a send (a 5xx may then have sent it). */
export function sesError(error: unknown, sending: boolean): MailProviderError {
  if (!(error instanceof SESv2ServiceException)) {
    const name = error instanceof Error ? error.name : "";
    if (name === "TimeoutError" || name === "AbortError") return new MailProviderError("timeout", "Amazon SES did not answer in time.", { cause: error });
    const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
    // Never connected (refused, no such host): nothing was sent. A connection lost after the request
    // went out may have sent it: unknown, like a timeout, and reconciled.
    if (!sending || NOT_CONNECTED.has(code)) return new MailProviderError("host-unreachable", `Amazon SES could not be reached: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    return new MailProviderError("timeout", `The connection to Amazon SES was lost while sending: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const answer = `${error.name}: ${error.message}`;
  const options = { serverResponse: answer, cause: error };
  if (CREDENTIAL_ERRORS.has(error.name)) return new MailProviderError("auth-failed", "Amazon SES does not know this access key id.", { ...options, field: "apiKey" });
  if (error.name === "SignatureDoesNotMatch") return new MailProviderError("auth-failed", "Amazon SES refused the secret access key.", { ...options, field: "secretAccessKey" });
  if (error.name === "AccessDeniedException") {
    return new MailProviderError("auth-failed", "This IAM access key is not allowed to use Amazon SES (it needs ses:SendEmail and ses:GetAccount).", { ...options, field: "apiKey" });
  }
  switch (error.name) {
    case "MessageRejected":
      // The sender is not verified, or (in the sandbox) the recipient is not: SES will refuse every send alike.
      return new MailProviderError("sending-refused", `Amazon SES refused the e-mail: ${error.message}`, options);
    case "MailFromDomainNotVerifiedException":
    case "AccountSuspendedException":
    case "SendingPausedException":
      return new MailProviderError("sending-refused", `Amazon SES does not send from this account now: ${error.message}`, options);
    case "NotFoundException":
      return new MailProviderError("sending-refused", `Amazon SES does not know the configuration set: ${error.message}`, { ...options, field: "domain" });
    case "TooManyRequestsException":
    case "LimitExceededException":
      return new MailProviderError("mail-failed", `Amazon SES asks to slow down: ${error.message}`, { ...options, retryable: true });
    case "BadRequestException":
      return new MailProviderError("mail-failed", `Amazon SES refused the request: ${error.message}`, options);
  }
  // A 5xx after the request reached SES may or may not have sent it: like a timeout, reconciled.
  if (error.$fault === "server") {
    return sending ? new MailProviderError("timeout", `Amazon SES failed while sending: ${answer}`, options) : new MailProviderError("mail-failed", `Amazon SES failed: ${answer}`, { ...options, retryable: true });
  }
  return new MailProviderError("mail-failed", `Amazon SES answered: ${answer}`, options);
}

export function createSesTransport(options: SesTransportOptions = {}): ApiMailTransport {
  const fetchCertificate = options.fetchCertificate ?? fetchSnsCertificate;
  return {
    name: "ses",

    async verify(credentials, endpoint) {
      try {
        const account = await client(credentials, endpoint).send(new GetAccountCommand({}));
        if (account.SendingEnabled === false) throw new MailProviderError("sending-refused", "Sending is paused for this Amazon SES account: resume it in the SES console first.", { field: "apiKey" });
      } catch (error) {
        throw error instanceof MailProviderError ? error : sesError(error, false);
      }
    },

    async send(credentials, endpoint, email) {
      const raw = await composeRawEmail(email, now());
      try {
        const answer = await client(credentials, endpoint).send(
          new SendEmailCommand({
            FromEmailAddress: email.from.address,
            Destination: { ToAddresses: [email.to.address] },
            Content: { Raw: { Data: new Uint8Array(raw) } },
            ...(credentials.domain ? { ConfigurationSetName: credentials.domain } : {}),
          }),
        );
        return { providerMessageId: answer.MessageId ?? null, acceptedAt: now().toISOString(), response: answer.MessageId ? `SES MessageId ${answer.MessageId}` : null };
      } catch (error) {
        throw error instanceof MailProviderError ? error : sesError(error, true);
      }
    },

    async findSent() {
      return null;
    },

    async readWebhook(credentials, request) {
      const message = await verifySnsMessage(request.rawBody, { fetchCertificate, testUrlPrefix: options.testUrlPrefix, now: now() });
      // Anyone can publish to a topic of their own: only the topic the mailbox names is taken, when it names one.
      if (credentials.webhookSecret && credentials.webhookSecret !== message.TopicArn) throw new ApiWebhookRefused("The SNS topic is not the one this mailbox takes events from");
      if (message.Type === "SubscriptionConfirmation") {
        const confirmUrl = message.SubscribeURL ?? "";
        if (!isSnsUrl(confirmUrl, message.TopicArn, options.testUrlPrefix, "subscribe")) throw new ApiWebhookRefused("The subscription's confirmation address is not Amazon SNS's");
        return { kind: "subscription-confirmation", confirmUrl };
      }
      if (message.Type === "UnsubscribeConfirmation") return { kind: "events", events: [] };
      // A reply SES received for the domain (a receipt rule publishing to the same topic).
      const inbound = await readSesInbound(message.Message, now());
      if (inbound) return { kind: "inbound", message: inbound };
      return { kind: "events", events: readSesEvents(message.MessageId, message.Message, now()) };
    },
  };
}
