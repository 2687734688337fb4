// What went wrong talking to a mail server, in the words of the connect form: which setting is at
// fault and what to try. nodemailer and imapflow report failures very differently; both end here
// as a MailProviderError.
//
// A server's own words are passed on only once Herald signed in to it (an e-mail's refusal after
// MAIL FROM, an IMAP command's answer): before that, the "server" may be any service a member
// pointed a mailbox at (an SSH daemon, a database), and echoing its greeting would read it out
// for them. Errors before sign-in say what failed in Herald's words and keep only a reply's
// numbers ("535 5.7.8") or an IMAP response code.
import { RefusedTargetError } from "../../../lib/public-target";
import { MailProviderError, type MailField, type MailServerSettings } from "../types";
import type { MailServerAuth } from "./connection-options";
import { refusedMailHost } from "./mail-host-guard";

type Protocol = "smtp" | "imap";

interface ServerErrorShape {
  code?: unknown;
  responseCode?: unknown;
  response?: unknown;
  command?: unknown;
  message?: unknown;
  cause?: unknown;
  authenticationFailed?: unknown;
  serverResponseCode?: unknown;
  responseText?: unknown;
}

function shape(error: unknown): ServerErrorShape {
  return typeof error === "object" && error !== null ? (error as ServerErrorShape) : {};
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** An SMTP reply's numbers only ("535 5.7.8"), or an IMAP response code ("AUTHENTICATIONFAILED"); never its words. */
function replyCode(failure: ServerErrorShape): string | null {
  const smtp = /^([2-5]\d\d)(?:[ -]+([245]\.\d{1,3}\.\d{1,3})\b)?/.exec(text(failure.response));
  if (smtp) return [smtp[1], smtp[2]].filter(Boolean).join(" ");
  const imap = text(failure.serverResponseCode);
  return /^[A-Z][A-Z0-9.-]{0,40}$/.test(imap) ? imap : null;
}

/** The commands nodemailer sends only after signing in: their answers may be passed on. */
const AFTER_SIGN_IN = new Set(["MAIL FROM", "RCPT TO", "DATA", "RSET"]);

/** The refusal a connection met at the public-address rule (mail-host-guard.ts), wherever the library put it. */
function refusedTarget(error: unknown): RefusedTargetError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (current instanceof RefusedTargetError) return current;
    current = shape(current).cause ?? (current as { _err?: unknown })._err;
  }
  return null;
}

/**
 * The socket or TLS error under a library's wrapper, e.g. ECONNREFUSED or ERR_SSL_WRONG_VERSION_NUMBER.
 * nodemailer overwrites the socket error's code with its own (ESOCKET), so the original survives
 * only in the message ("connect ECONNREFUSED 127.0.0.1:25").
 */
function lowLevelCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = text(shape(current).code);
    if (code) codes.push(code);
    for (const match of text(shape(current).message).matchAll(/\b(E[A-Z]{4,}|ERR_[A-Z0-9_]+|[A-Z_]*CERT[A-Z_]*)\b/g)) codes.push(match[1]!);
    current = shape(current).cause;
  }
  return codes;
}

const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EAI_NONAME", "EHOSTUNREACH", "ENETUNREACH", "EHOSTDOWN", "EDNS", "ECONNRESET"]);
const TIMED_OUT = new Set(["ETIMEDOUT", "ETIMEOUT", "CONNECT_TIMEOUT", "GREETING_TIMEOUT", "ESOCKETTIMEDOUT"]);

function isTlsFailure(error: unknown): boolean {
  const codes = lowLevelCodes(error);
  if (codes.includes("ETLS")) return true;
  if (codes.some((code) => /^ERR_SSL|^ERR_TLS|CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/.test(code))) return true;
  const message = text(shape(error).message);
  return /wrong version number|ssl routines|certificate|tls handshake|secure TLS connection|packet length too long/i.test(message);
}

function hostLabel(protocol: Protocol, settings: MailServerSettings): string {
  return `the ${protocol.toUpperCase()} server ${settings.host}:${settings.port}`;
}

const SECURITY_HINT = "Usual pairs are port 465 with TLS and 587 with STARTTLS for sending, 993 with TLS and 143 with STARTTLS for reading.";

/** A failure to reach or secure the connection, or null when the error is of another kind. */
function connectionError(protocol: Protocol, settings: MailServerSettings, error: unknown): MailProviderError | null {
  const refused = refusedTarget(error);
  if (refused) return refusedMailHost(protocol, settings, refused);
  const codes = lowLevelCodes(error);
  const at = hostLabel(protocol, settings);
  if (isTlsFailure(error)) {
    const certificate = /CERT|SELF_SIGNED|UNABLE_TO/.test(codes.join(" ")) || /certificate/i.test(text(shape(error).message));
    const why = certificate
      ? `the server's certificate is not valid for ${settings.host} (self-signed, expired or for another name)`
      : `the secure connection could not be set up with ${settings.security === "tls" ? "TLS" : settings.security === "starttls" ? "STARTTLS" : "no security"} on port ${settings.port}`;
    return new MailProviderError("tls-failed", `Could not connect securely to ${at}: ${why}. ${SECURITY_HINT}`, {
      field: `${protocol}.security`,
      cause: error,
    });
  }
  if (codes.some((code) => code === "ENOTFOUND" || code === "EAI_NONAME" || code === "EDNS")) {
    return new MailProviderError("host-unreachable", `The host name ${settings.host} does not resolve: check the ${protocol.toUpperCase()} host for typos.`, {
      field: `${protocol}.host`,
      cause: error,
    });
  }
  if (codes.includes("ECONNREFUSED")) {
    return new MailProviderError("host-unreachable", `${capitalize(at)} refused the connection: check the host and the port. ${SECURITY_HINT}`, {
      field: `${protocol}.host`,
      cause: error,
    });
  }
  if (codes.some((code) => UNREACHABLE.has(code) || TIMED_OUT.has(code)) || /greeting never received|timeout|timed out/i.test(text(shape(error).message))) {
    return new MailProviderError(
      "host-unreachable",
      `${capitalize(at)} did not answer in time: check the host and the port, and that the security matches the port (a TLS port stays silent to a plain connection). ${SECURITY_HINT}`,
      { field: `${protocol}.host`, cause: error },
    );
  }
  return null;
}

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

function authFailed(protocol: Protocol, settings: MailServerSettings, auth: MailServerAuth, error: unknown): MailProviderError {
  const server = protocol === "smtp" ? "sending (SMTP)" : "reading (IMAP)";
  const message =
    auth.type === "oauth2"
      ? `The ${server} server refused ${auth.user}'s sign-in: Herald's access may have been withdrawn. Reconnect the mailbox.`
      : `The ${server} server refused the sign-in for ${settings.username}: check the user name and password. Providers with two-step verification (Gmail, Outlook, Yahoo, iCloud) need an app password instead of the account password${protocol === "imap" ? ", and IMAP must be enabled in the mailbox's settings" : ""}.`;
  return new MailProviderError("auth-failed", message, {
    field: auth.type === "oauth2" ? null : (`${protocol}.password` as MailField),
    serverResponse: replyCode(shape(error)),
    cause: error,
  });
}

/** A 4xx answer: the server is busy or throttling (also "454 Too many login attempts"), not refusing. */
function isTemporary(failure: ServerErrorShape): boolean {
  return typeof failure.responseCode === "number" && failure.responseCode >= 400 && failure.responseCode < 500;
}

function isAuthRefusal(failure: ServerErrorShape): boolean {
  return failure.code === "EAUTH" || failure.code === "ENOAUTH" || failure.responseCode === 535 || failure.responseCode === 534;
}

/** An error from nodemailer's verify() (connect, TLS, AUTH). */
export function smtpVerifyError(settings: MailServerSettings, auth: MailServerAuth, error: unknown): MailProviderError {
  if (error instanceof MailProviderError) return error;
  const failure = shape(error);
  // A check ends at sign-in: nothing the server said is passed on (see the top of this file).
  if (isTemporary(failure)) {
    return new MailProviderError("mail-failed", `${capitalize(hostLabel("smtp", settings))} asked to try again later.`, {
      field: "smtp.host",
      retryable: true,
      serverResponse: replyCode(failure),
      cause: error,
    });
  }
  if (isAuthRefusal(failure)) return authFailed("smtp", settings, auth, error);
  return connectionError("smtp", settings, error) ?? notMailServer("smtp", settings, error);
}

/** A server that answered, but not as a mail server does before sign-in: the wrong host or port, or another service. */
function notMailServer(protocol: Protocol, settings: MailServerSettings, error: unknown): MailProviderError {
  return new MailProviderError(
    "mail-failed",
    `Herald could not talk to ${hostLabel(protocol, settings)}: it did not answer as ${protocol === "smtp" ? "an SMTP" : "an IMAP"} server does. Check the host, the port and the security. ${SECURITY_HINT}`,
    { field: `${protocol}.host`, retryable: protocol === "imap", serverResponse: replyCode(shape(error)), cause: error },
  );
}

/**
 * An error from sending one e-mail.
 *
 * Which errors mean nothing was sent (the executor may retry or give up without reconciling):
 * every code except `timeout`. A refusal (recipient-refused, sending-refused, auth-failed, or
 * mail-failed for a 4xx answer) is the server's answer before it accepted the message's DATA, and
 * a server never accepts after refusing; host-unreachable and tls-failed happen before any
 * envelope is sent. `timeout` alone is ambiguous: the connection broke or went silent during the
 * session, possibly after the message was handed over and before the 250 arrived, so the message
 * may have gone out: reconcile with findSent before sending it again.
 */
export function smtpSendError(settings: MailServerSettings, auth: MailServerAuth, recipient: string, error: unknown): MailProviderError {
  if (error instanceof MailProviderError) return error;
  const failure = shape(error);
  const command = text(failure.command);
  // The server's words only from a signed-in session (see the top of this file).
  const signedIn = AFTER_SIGN_IN.has(command);
  const response = signedIn ? text(failure.response) || null : replyCode(failure);
  const responseCode = typeof failure.responseCode === "number" ? failure.responseCode : null;
  const said = signedIn && response ? ` The server said: ${response}` : "";

  const refused = refusedTarget(error);
  if (refused) return refusedMailHost("smtp", settings, refused);
  if (isAuthRefusal(failure) && !isTemporary(failure)) return authFailed("smtp", settings, auth, error);
  // A refused STARTTLS carries the server's 5xx answer, but it is about the security setting, not this e-mail.
  if (failure.code === "ETLS" || (responseCode === null && isTlsFailure(error))) return connectionError("smtp", settings, error)!;
  if (isTemporary(failure)) {
    return new MailProviderError("mail-failed", `The sending server asked to try again later.${said}`, { retryable: true, serverResponse: response, cause: error });
  }
  if (responseCode !== null && responseCode >= 500 && signedIn) {
    if (command === "RCPT TO") {
      return new MailProviderError("recipient-refused", `The sending server refused the recipient ${recipient}.${said}`, { serverResponse: response, cause: error });
    }
    return new MailProviderError("sending-refused", `The sending server refused to send this e-mail from ${settings.username} (policy, quota or sending disabled).${said}`, {
      serverResponse: response,
      cause: error,
    });
  }
  const lowLevel = lowLevelCodes(error);
  // Before the session got anywhere (connect, TLS, greeting): certainly nothing was sent.
  const beforeSession = isTlsFailure(error) || lowLevel.some((code) => code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EDNS" || code === "EHOSTUNREACH" || code === "ENETUNREACH") || /greeting never received|connection timeout/i.test(text(failure.message));
  if (beforeSession) {
    const reached = connectionError("smtp", settings, error);
    if (reached) return reached;
  }
  if (lowLevel.some((code) => ["ECONNECTION", "ESOCKET", "ETIMEDOUT", "ECONNRESET", "EPIPE"].includes(code))) {
    return new MailProviderError("timeout", `The connection to ${hostLabel("smtp", settings)} broke off during the send: the e-mail may or may not have gone out.`, {
      retryable: true,
      cause: error,
    });
  }
  // nodemailer adds what the server said to its message, so that message is only passed on when
  // the server said nothing or Herald had signed in.
  if (!signedIn && text(failure.response)) return notMailServer("smtp", settings, error);
  return new MailProviderError("mail-failed", `Sending through ${hostLabel("smtp", settings)} failed: ${response ?? text(failure.message)}`, {
    serverResponse: response,
    cause: error,
  });
}

/** An error from imapflow (connect, TLS, LOGIN, commands). */
export function imapError(settings: MailServerSettings, auth: MailServerAuth, error: unknown): MailProviderError {
  if (error instanceof MailProviderError) return error;
  const failure = shape(error);
  if (failure.authenticationFailed === true || failure.serverResponseCode === "AUTHENTICATIONFAILED") {
    return authFailed("imap", settings, auth, error);
  }
  const connection = connectionError("imap", settings, error);
  if (connection) return connection;
  // The server's words only from a signed-in session (see the top of this file).
  if (!signedInImapErrors.has(error as object)) return notMailServer("imap", settings, error);
  const response = text(failure.responseText) || text(failure.response) || null;
  return new MailProviderError("mail-failed", `${capitalize(hostLabel("imap", settings))} answered unexpectedly: ${response ?? text(failure.message)}`, {
    field: "imap.host",
    retryable: true,
    serverResponse: response,
    cause: error,
  });
}

const signedInImapErrors = new WeakSet<object>();

/**
 * Marks an error thrown by work on a signed-in IMAP connection (after connect() resolved): its
 * server text may be passed on. Errors not marked are treated as coming before sign-in.
 */
export function afterImapSignIn(error: unknown): unknown {
  if (typeof error === "object" && error !== null) signedInImapErrors.add(error);
  return error;
}
