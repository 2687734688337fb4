// The real check behind connecting a password or sandbox mailbox and the dashboard's "Test
// connection": the provider signs in (SMTP AUTH and IMAP LOGIN, or the sandbox network's own check)
// with what the person typed, before anything is stored.
import { logger } from "../../../lib/logger";
import { getMailProvider } from "../../../providers/mail";
import type { ApiMailProviderName } from "../../../providers/mail/api/types";
import { isMailProviderError, type MailboxHandle, type MailboxServerSettings, type MailCredentials } from "../../../providers/mail/types";
import type { TConnectMailboxInput } from "../../../schemas/mailbox";
import { HeraldError } from "../../../lib/errors";
import { checkMailHosts } from "./check-mail-hosts";
import { connectFailure } from "./mail-error-reason";

export interface CheckedMailboxSettings {
  authType: "sandbox" | "password" | "api";
  settings: MailboxServerSettings | null;
  credentials: MailCredentials;
}

/** What the connect form describes, as stored and as a provider sees it. */
function candidate(input: TConnectMailboxInput): CheckedMailboxSettings {
  if (input.provider === "sandbox") return { authType: "sandbox", settings: null, credentials: { kind: "sandbox" } };
  if (input.provider !== "smtp") return apiCandidate(input, input.provider);
  // The schema requires both servers for smtp; a missing one here is a caller that skipped it.
  if (!input.smtp || !input.imap) throw HeraldError.invalidInput("An SMTP mailbox needs its SMTP and IMAP servers", [{ field: input.smtp ? "imap" : "smtp", message: "is required for provider smtp" }]);
  const server = ({ host, port, security, username }: NonNullable<TConnectMailboxInput["smtp"]>) => ({ host, port, security, username: username ?? input.email });
  return {
    authType: "password",
    settings: { smtp: server(input.smtp), imap: server(input.imap) },
    credentials: { kind: "password", smtpPassword: input.smtp.password, imapPassword: input.imap.password },
  };
}

/** An e-mail API mailbox: its key and webhook secret, and the IMAP server replies are read from when given. */
function apiCandidate(input: TConnectMailboxInput, provider: ApiMailProviderName): CheckedMailboxSettings {
  // The schema requires the key; a missing one here is a caller that skipped it.
  if (!input.apiKey) throw HeraldError.invalidInput("An e-mail API mailbox needs its API key", [{ field: "apiKey", message: "is required" }]);
  const imap = input.imap
    ? { host: input.imap.host, port: input.imap.port, security: input.imap.security, username: input.imap.username ?? input.email, password: input.imap.password }
    : undefined;
  return {
    authType: "api",
    // Nothing to show: the API key is secret, and the IMAP server (when given) is kept with its password.
    settings: null,
    credentials: {
      kind: "api",
      provider,
      apiKey: input.apiKey,
      ...(input.secretAccessKey ? { secretAccessKey: input.secretAccessKey } : {}),
      ...(input.region ? { region: input.region } : {}),
      ...(input.domain ? { domain: input.domain } : {}),
      webhookSecret: input.webhookSecret ?? null,
      ...(imap ? { imap } : {}),
    },
  };
}

/**
 * Signs in with the given settings and returns them ready to store. A host at an address that is
 * not public (unless the installation allows it), or a provider's refusal, becomes a 400 whose code
 * says what went wrong and whose `details.field` names the setting at fault.
 */
export async function verifyMailboxSettings(workspaceId: string, input: TConnectMailboxInput, mailboxId: string | null): Promise<CheckedMailboxSettings> {
  const checked = candidate(input);
  // Both hosts are judged before either server is contacted.
  if (checked.settings) await checkMailHosts(checked.settings);
  if (checked.credentials.kind === "api" && checked.credentials.imap) {
    const { password: _password, ...imap } = checked.credentials.imap;
    await checkMailHosts({ smtp: imap, imap });
  }
  const handle: MailboxHandle = {
    // Empty for a mailbox not stored yet: a check depends on the address and servers, not on an id.
    id: mailboxId ?? "",
    workspaceId,
    email: input.email,
    provider: input.provider,
    settings: checked.settings,
    credentials: checked.credentials,
  };
  try {
    await (await getMailProvider(input.provider)).verify(handle);
  } catch (error) {
    if (isMailProviderError(error)) throw connectFailure(error);
    if (error instanceof HeraldError) throw error;
    // A library failure the provider did not classify is still the settings' problem to the person.
    logger.warn("A mailbox check failed in an unexpected way", { provider: input.provider, error });
    throw new HeraldError({
      code: "mail-connection-failed",
      message: "Herald could not complete the connection check with these settings. Check the servers and ports, then try again.",
      cause: error,
    });
  }
  return checked;
}
