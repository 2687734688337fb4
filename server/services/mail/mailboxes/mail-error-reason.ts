// How a mail provider's failure reads to people: on the mailbox (`error`, status `error`) and as the
// 400 of a connect attempt, whose code says the kind and whose `details.field` points at the setting.
import { HeraldError, type ErrorCode } from "../../../lib/errors";
import type { MailErrorCode, MailProviderError } from "../../../providers/mail/types";

const ERROR_CODE_OF: Record<MailErrorCode, ErrorCode> = {
  "host-unreachable": "mail-host-unreachable",
  "tls-failed": "mail-tls-failed",
  "auth-failed": "mail-auth-failed",
  "oauth-expired": "mail-oauth-expired",
  // A refused test recipient during a check still means the server will not send for this mailbox.
  "recipient-refused": "mail-sending-refused",
  "sending-refused": "mail-sending-refused",
  timeout: "mail-timeout",
  "mail-failed": "mail-connection-failed",
};

const FALLBACK_REASON: Record<MailErrorCode, string> = {
  "host-unreachable": "The mail server could not be reached.",
  "tls-failed": "The secure connection to the mail server failed.",
  "auth-failed": "The mail server refused the sign-in.",
  "oauth-expired": "The mailbox's sign-in with its provider expired or was revoked; connect it again.",
  "recipient-refused": "The mail server refused the recipient.",
  "sending-refused": "The mail server refuses to send from this mailbox.",
  timeout: "The mail server did not answer in time.",
  "mail-failed": "The mail server answered with an error.",
};

/** The provider's own explanation (meant for people), or a plain one for its kind when it gave none. */
export function mailErrorReason(error: MailProviderError): string {
  const message = error.message.trim();
  return message || FALLBACK_REASON[error.code];
}

/** A failed connection check as the API answers it: 400, the field at fault, the provider's words. */
export function connectFailure(error: MailProviderError): HeraldError {
  return new HeraldError({
    code: ERROR_CODE_OF[error.code],
    message: mailErrorReason(error),
    details: {
      ...(error.field ? { field: error.field, fields: [{ field: error.field, message: mailErrorReason(error) }] } : {}),
      ...(error.serverResponse ? { serverResponse: error.serverResponse } : {}),
    },
    cause: error,
  });
}
