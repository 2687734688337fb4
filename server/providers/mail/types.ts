// Everything Herald does with a mailbox goes through this interface: connecting (a real check of
// the settings), sending, finding a sent e-mail again (crash reconciliation) and reading what
// arrived. Unlike LinkedIn, where one provider serves the whole installation, each mailbox names
// its own implementation (Mailbox.provider): the sandbox mail network (the embedded default),
// SMTP + IMAP with a password, Google / Microsoft over SMTP + IMAP with OAuth 2.0 (XOAUTH2), or a
// managed Microsoft 365 mailbox through Microsoft Graph as Herald's app registration (microsoft-graph),
// or an e-mail API provider (Amazon SES, Postmark, SendGrid, Mailgun; api/types.ts).
// Services depend on this file only; `getMailProvider(name)` (index.ts) picks the implementation.
import { API_MAIL_PROVIDER_NAMES, type ApiMailCredentials } from "./api/types";

export const MAIL_PROVIDER_NAMES = ["sandbox", "smtp", "google", "microsoft", "microsoft-graph", ...API_MAIL_PROVIDER_NAMES] as const;
export type MailProviderName = (typeof MAIL_PROVIDER_NAMES)[number];

/** A stored Mailbox.provider as the name of its implementation; throws for one this Herald does not know. */
export function mailProviderName(value: string): MailProviderName {
  const name = MAIL_PROVIDER_NAMES.find((candidate) => candidate === value);
  if (!name) throw new Error(`Unknown mail provider ${JSON.stringify(value)}`);
  return name;
}

/** How a connection to a mail server is secured: TLS from the first byte (465, 993), STARTTLS (587, 143), or none (loopback tests only). */
export type MailSecurity = "tls" | "starttls" | "none";

export interface MailServerSettings {
  host: string;
  port: number;
  security: MailSecurity;
  /** Sign-in name; usually the address. */
  username: string;
}

/** The non-secret server settings of a mailbox (stored in Mailbox.settings, shown in the app). */
export interface MailboxServerSettings {
  smtp: MailServerSettings;
  imap: MailServerSettings;
}

/** A mailbox's secrets, decrypted only while a provider uses them (stored encrypted in Mailbox.credentialsEncrypted). */
export type MailCredentials =
  | { kind: "sandbox" }
  | { kind: "password"; smtpPassword: string; imapPassword: string }
  | { kind: "oauth"; refreshToken: string; accessToken: string | null; accessTokenExpiresAt: string | null }
  /**
   * A managed Microsoft 365 mailbox reached with the installation's app registration (its secret is
   * the installation's setting, not the mailbox's): only the user's object id in the tenant, which
   * is the mailbox's `managedUserId`, so nothing is stored for it.
   */
  | { kind: "app"; userId: string }
  /** An e-mail API provider's key (and its webhook secret); see api/types.ts. */
  | ApiMailCredentials;

/** One mailbox as a provider sees it. */
export interface MailboxHandle {
  /** Herald's mailbox id. */
  id: string;
  workspaceId: string;
  /** The address, lower-cased. */
  email: string;
  provider: MailProviderName;
  /** Server settings; null for the sandbox (and filled from the provider's defaults for Google and Microsoft). */
  settings: MailboxServerSettings | null;
  credentials: MailCredentials;
  /**
   * Called when the provider renewed the credentials (a refreshed OAuth access token), so the
   * caller stores them (encrypted) for the next use. Optional: a provider may renew again next time.
   */
  onCredentialsChanged?: (credentials: MailCredentials) => Promise<void>;
}

export interface MailAddress {
  name: string | null;
  address: string;
}

/** An e-mail ready to go: Herald composes it (server/services/mail/sending), the provider only transmits it. */
export interface OutgoingEmail {
  from: MailAddress;
  to: MailAddress;
  subject: string;
  text: string;
  html: string | null;
  /** RFC 5322 Message-ID with angle brackets, chosen by Herald before sending (the intent records it). */
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  /** Further headers, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  headers: Record<string, string>;
}

export interface SentEmail {
  messageId: string;
  /** When the receiving server (or the sandbox network) accepted it, ISO 8601. */
  acceptedAt: string;
  /** The server's answer, for the record (e.g. "250 2.0.0 OK queued"). */
  response: string | null;
  /** An e-mail API provider's own id of the message (its webhook events name it); absent for SMTP. */
  providerMessageId?: string | null;
}

/** An e-mail found in a mailbox (part 2 reads replies, bounces and complaints from these). */
export interface IncomingEmail {
  /**
   * The provider's position of the message, in the format of the reading cursor (IMAP
   * `<UIDVALIDITY>:<UID>`, the sandbox's row number): passed back as `cursor`, reading resumes
   * right after this message. The reader moves the mailbox's cursor to it once the message is stored.
   */
  uid: string;
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  from: MailAddress | null;
  to: MailAddress[];
  subject: string;
  text: string;
  html: string | null;
  /** Lower-cased header names to their (first) value. */
  headers: Record<string, string>;
  /** The whole message as received (RFC 5322), for authentication checks and bounce parsing. */
  raw: string;
  receivedAt: string;
  /**
   * Why only part of the message was read (e.g. larger than HERALD_MAIL_MAX_MESSAGE_BYTES: its
   * headers and first part only); the stored record keeps it as its skipReason. Absent when whole.
   */
  incomplete?: string;
}

export type MailErrorCode =
  /** The host does not resolve or refuses or times out the connection. */
  | "host-unreachable"
  /** The TLS handshake failed (wrong port for the security, bad certificate). */
  | "tls-failed"
  /** The server refused the sign-in (wrong password, app passwords required, XOAUTH2 token refused). */
  | "auth-failed"
  /** The OAuth grant was revoked or expired (invalid_grant): the mailbox must be reconnected. */
  | "oauth-expired"
  /** The server refused the recipient (5xx on RCPT TO). */
  | "recipient-refused"
  /** The server refuses to send from this mailbox (sending disabled, quota, policy). */
  | "sending-refused"
  /** The server did not answer in time. */
  | "timeout"
  /** Anything else the server answered that Herald cannot classify. */
  | "mail-failed";

/** Which setting an error is about, so the connect form can point at it. */
export type MailField =
  | "email"
  | "smtp.host"
  | "smtp.port"
  | "smtp.security"
  | "smtp.username"
  | "smtp.password"
  | "imap.host"
  | "imap.port"
  | "imap.security"
  | "imap.username"
  | "imap.password"
  // E-mail API mailboxes: the connect input's fields (server/schemas/mailbox.ts, ZConnectMailboxInput).
  | "apiKey"
  | "secretAccessKey"
  | "region"
  | "domain"
  | "webhookSecret";

export class MailProviderError extends Error {
  readonly code: MailErrorCode;
  readonly field: MailField | null;
  /** Worth trying again later (timeouts, unreachable hosts, 4xx answers). */
  readonly retryable: boolean;
  /** The server's own answer, when there was one (e.g. "535 5.7.8 Username and Password not accepted"). */
  readonly serverResponse: string | null;

  constructor(
    code: MailErrorCode,
    message: string,
    options: { field?: MailField | null; retryable?: boolean; serverResponse?: string | null; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "MailProviderError";
    this.code = code;
    this.field = options.field ?? null;
    this.retryable = options.retryable ?? ["host-unreachable", "timeout"].includes(code);
    this.serverResponse = options.serverResponse ?? null;
  }
}

export function isMailProviderError(error: unknown): error is MailProviderError {
  return error instanceof MailProviderError;
}

/** What the recipient of an e-mail will do, and when (epoch milliseconds); null when they will not. */
export interface EmailOutcome {
  openAt: number | null;
  clickAt: number | null;
  replyAt: number | null;
  autoReplyAt: number | null;
  bounce: { kind: "hard" | "soft"; at: number } | null;
  complainAt: number | null;
}

/** Where a warmup e-mail was found in the recipient's mailbox (Herald's pool reads its own mail). */
export type WarmupMailFolder = "inbox" | "spam" | "promotions";

/** A tagged warmup e-mail found in a mailbox (header X-Herald-Warmup). */
export interface WarmupMailFound {
  /** RFC 5322 Message-ID with angle brackets. */
  messageId: string;
  folder: WarmupMailFolder;
  seen: boolean;
}

export interface WarmupMailToOpen {
  messageId: string;
  /** Where it was found. */
  folder: WarmupMailFolder;
  /** Move it to the inbox. */
  rescue: boolean;
}

export interface MailProvider {
  readonly name: MailProviderName;

  /**
   * Checks the mailbox really works: SMTP AUTH and IMAP LOGIN (or the sandbox's own check).
   * Throws MailProviderError naming the field at fault.
   */
  verify(mailbox: MailboxHandle): Promise<void>;

  /** Hands one e-mail to the sending server. Throws MailProviderError (recipient-refused, sending-refused, …). */
  send(mailbox: MailboxHandle, email: OutgoingEmail): Promise<SentEmail>;

  /**
   * Whether an e-mail with this Message-ID left the mailbox since `since` (its Sent folder, or the
   * sandbox network), for reconciling a send a crash interrupted. null when the provider cannot tell.
   */
  findSent(mailbox: MailboxHandle, messageId: string, since: Date): Promise<boolean | null>;

  /**
   * How long after a send this provider's lookup (findSent) may still miss it: an e-mail API's
   * message search lags its sending (Mailgun's events, SendGrid's activity, Postmark's search).
   * Until an intent is this old, findSent's `false` is not trusted and the send waits to be asked
   * about again. Undefined (a mailbox's own Sent folder): `false` is trusted at once.
   */
  readonly sentSearchLagMs?: number;

  /**
   * Reads what arrived in the mailbox after `cursor` (an opaque position; null from the start of
   * `since`), oldest first, at most `limit`. Returns the next cursor.
   */
  fetchIncoming(mailbox: MailboxHandle, input: { cursor: string | null; since: Date; limit?: number }): Promise<{ messages: IncomingEmail[]; cursor: string | null }>;

  /**
   * Waits until new mail may have arrived (IMAP IDLE), at most `timeoutMs`; resolves true when the
   * server announced new mail, false on timeout or when `signal` aborts. Only providers whose
   * server offers a push implement it (and may resolve false at once when this server does not
   * offer IDLE); the others are polled. Given the reader's `cursor`, mail that arrived after it
   * before the wait began resolves true at once (nothing falls between a read and the wait).
   */
  waitForIncoming?(mailbox: MailboxHandle, input: { timeoutMs: number; signal?: AbortSignal; cursor?: string | null }): Promise<boolean>;

  /**
   * What the recipient will do with an e-mail, for the campaign forecast. Only a network whose
   * behaviour is known implements it (the sandbox's model is deterministic); for real mailboxes
   * the forecast draws from rates. `nth` counts the e-mails this mailbox sent to this address before.
   */
  planOutcome?(input: { fromAddress: string; toAddress: string; nth: number; sentAt: number; hasLinks: boolean }): EmailOutcome;

  /**
   * Tagged warmup mail (header X-Herald-Warmup) that arrived since `since`, wherever the mailbox's
   * filter put it: the INBOX, the spam (Junk) folder, or Promotions where the provider tells it.
   * Only providers that can read folders implement it; Herald's pool reads mail only with them.
   */
  listWarmupMail?(mailbox: MailboxHandle, input: { since: Date }): Promise<WarmupMailFound[]>;

  /**
   * Opens warmup e-mails (marks them seen) and, with `rescue`, moves them from spam or Promotions to
   * the inbox (marked not spam), as a person would; all in one visit (one IMAP sign-in). Returns
   * the Message-IDs it opened (one no longer where it was said to be is left out).
   */
  openWarmupMail?(mailbox: MailboxHandle, input: { messages: WarmupMailToOpen[] }): Promise<string[]>;
}
