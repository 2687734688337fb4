// LOCAL TYPE (h-apimore, to merge): MailField names only the SMTP and IMAP settings of the connect
// form, and the transport interface (../types.ts) is not to change here; an API mailbox's fields
// are its key, its domain and its region. Until MailField takes these names, the SendGrid and
// Mailgun transports throw this subclass: a MailProviderError like any other (code, retryable,
// serverResponse), with the API setting at fault in `credentialField`. Once MailField has them,
// `new MailProviderError(code, message, { field: "apiKey" })` replaces it.
import { MailProviderError, type MailErrorCode } from "../../types";

/** The setting of an API mailbox an error is about (see ApiMailCredentials). */
export type ApiCredentialField = "apiKey" | "domain" | "region" | "webhookSecret";

export class ApiCredentialError extends MailProviderError {
  readonly credentialField: ApiCredentialField;

  constructor(code: MailErrorCode, message: string, field: ApiCredentialField, options: { retryable?: boolean; serverResponse?: string | null; cause?: unknown } = {}) {
    super(code, message, options);
    this.credentialField = field;
  }
}
