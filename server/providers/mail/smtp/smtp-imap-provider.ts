// A mailbox on any provider's servers with a password (or an app password): SMTP to send, IMAP to
// read, each with its own user name and password from the mailbox's settings.
import { MailProviderError, type MailboxHandle, type MailProvider } from "../types";
import { serverSettings, type MailServerAuth } from "./connection-options";
import { createMailServerProvider, type MailServerProviderOptions } from "./mail-server-provider";

export { imapClientOptions, smtpTransportOptions, type MailConnectionTuning, type MailServerAuth } from "./connection-options";
export { createMailServerProvider, type MailServerProviderOptions, type ResolveMailAuth } from "./mail-server-provider";

export async function passwordAuth(handle: MailboxHandle, protocol: "smtp" | "imap"): Promise<MailServerAuth> {
  const credentials = handle.credentials;
  if (credentials.kind !== "password") {
    throw new MailProviderError("auth-failed", `The mailbox ${handle.email} has no password saved: connect it again with its password.`, { field: `${protocol}.password` });
  }
  return {
    type: "password",
    user: serverSettings(handle, protocol).username,
    pass: protocol === "smtp" ? credentials.smtpPassword : credentials.imapPassword,
  };
}

export function createSmtpImapProvider(options: MailServerProviderOptions = {}): MailProvider {
  return createMailServerProvider("smtp", passwordAuth, options);
}
