// What a failed Microsoft Graph mail call means for a mailbox, as the MailProviderError codes the
// executor and the reader act on. Graph's own codes are Exchange's ("Error codes for Outlook mail"
// in Microsoft Graph's docs): ErrorInvalidRecipients for an address Exchange will not take,
// ErrorSendAsDenied and the quota and size codes for what the mailbox may not send, ErrorAccessDenied
// (403) for a permission the app lacks, ErrorInvalidUser or MailboxNotEnabledForRESTAPI (404) for a
// mailbox that is no longer there (ErrorItemNotFound is a message gone meanwhile), 429 and 5xx to try again later.
import { isProvisioningError } from "../../provisioning-error";
import { GraphCallError } from "../../mail-platform/microsoft-graph/graph-client";
import { MailProviderError } from "../types";

/** 404 codes about the mailbox itself (a message gone meanwhile is ErrorItemNotFound, not these). */
const USER_GONE = new Set(["ErrorInvalidUser", "ResourceNotFound", "Request_ResourceNotFound", "MailboxNotEnabledForRESTAPI", "ErrorNonExistentMailbox"]);
/** What the mailbox may not send at all (it goes into error); a single message too large fails alone. */
const SENDING_REFUSED = new Set(["ErrorSendAsDenied", "ErrorQuotaExceeded", "ErrorMessageSubmissionBlocked", "ErrorSubmissionQuotaExceeded"]);

/** The Graph mail permission a call needs, named in the message when the app lacks it. */
export type GraphMailPermission = "Mail.Send" | "Mail.ReadWrite";

export function graphMailError(error: unknown, input: { email: string; permission: GraphMailPermission; recipient?: string; sending?: boolean }): MailProviderError {
  if (error instanceof MailProviderError) return error;
  if (!isProvisioningError(error)) return new MailProviderError("mail-failed", `Microsoft 365 failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  const status = error instanceof GraphCallError ? error.status : null;
  const code = error instanceof GraphCallError ? error.graphCode : "";
  const said = error.message;
  if (error.kind === "timeout") {
    return new MailProviderError("timeout", `${said}: the e-mail may or may not have gone out.`, { retryable: true, cause: error });
  }
  if (error.kind === "transient") {
    // No HTTP answer at all: the service could not be reached, so nothing was sent.
    if (status === null) return new MailProviderError("host-unreachable", said, { cause: error });
    // A server error answering a send (a gateway's 500, 502 or 504) does not say Exchange refused
    // the message: it may have gone out, so it is looked for in Sent Items before any new try.
    // Throttling (429) and "unavailable" (503) are answered before the message is taken.
    if (input.sending && status >= 500 && status !== 503) {
      return new MailProviderError("timeout", `${said}: the e-mail may or may not have gone out.`, { retryable: true, serverResponse: code || null, cause: error });
    }
    return new MailProviderError("mail-failed", `${said}. Herald tries again later.`, { retryable: true, serverResponse: code || null, cause: error });
  }
  if (code === "ErrorMessageSizeExceeded") {
    return new MailProviderError("mail-failed", `Microsoft 365 refused this e-mail from ${input.email} as too large. ${said}`, { retryable: false, serverResponse: code, cause: error });
  }
  if (SENDING_REFUSED.has(code)) {
    return new MailProviderError("sending-refused", `Microsoft 365 refused to send this e-mail from ${input.email} (policy, quota or size). ${said}`, { serverResponse: code, cause: error });
  }
  if (error.reason === "unauthorized") return new MailProviderError("auth-failed", said, { serverResponse: code || null, cause: error });
  if (error.reason === "forbidden" || status === 403) {
    return new MailProviderError(
      "auth-failed",
      `Herald's app registration in Microsoft 365 may not use ${input.email}: it needs the Microsoft Graph application permission ${input.permission} with admin consent (docs/mailbox-orders.md). ${said}`,
      { serverResponse: code || null, cause: error },
    );
  }
  if (status === 404 && USER_GONE.has(code)) {
    return new MailProviderError("auth-failed", `Microsoft 365 has no mailbox ${input.email} any more (the user was removed or unlicensed in the tenant). ${said}`, {
      serverResponse: code || null,
      cause: error,
    });
  }
  if (code === "ErrorInvalidRecipients" && input.recipient) {
    return new MailProviderError("recipient-refused", `Microsoft 365 refused the recipient ${input.recipient}. ${said}`, { serverResponse: code, cause: error });
  }
  return new MailProviderError("mail-failed", said, { serverResponse: code || null, cause: error });
}
