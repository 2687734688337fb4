// What a failed Mailgun API call means for a mailbox, as the MailProviderError codes the executor
// acts on. Mailgun answers errors as `{message: "…"}` (or a bare "Forbidden" for a wrong key):
// 400 for a request it will not take ("'to' parameter is not a valid address"), 401 for a key it
// does not know, 402 and 403 for what the account or domain may not do (a sandbox domain's
// unauthorized recipient, a disabled domain, a plan limit), 404 for a domain not in the account,
// 413 for a too large e-mail, 429 for the rate limit, 5xx for its own trouble. mailgun.js rejects
// with an APIError (`status`, `details` = Mailgun's message); with no answer at all, with an
// APIError too, status 400, whose message is the socket's code (ECONNREFUSED, ECONNABORTED …) and
// details the HTTP client's words: those are told apart by that code.
import { MailProviderError } from "../../types";

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
}

/** Mailgun's status and words inside mailgun.js's APIError, or null for a failure with no HTTP answer. */
export function mailgunAnswer(error: unknown): { status: number; said: string | null } | null {
  const failure = record(error);
  if (!failure || failure.type !== "MailgunAPIError" || typeof failure.status !== "number") return null;
  const details = typeof failure.details === "string" ? failure.details.trim() : "";
  const message = typeof failure.message === "string" ? failure.message.trim() : "";
  return { status: failure.status, said: details || message || null };
}

/** Never connected: nothing was sent. */
const NOT_CONNECTED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
/** The connection broke off after it was made: a send may have been taken before the answer was lost. */
const CONNECTION_LOST = new Set(["ECONNRESET", "EPIPE"]);
const TIMED_OUT = new Set(["ECONNABORTED", "ETIMEDOUT", "ESOCKETTIMEDOUT"]);

/** The socket's code of a failure with no HTTP answer: mailgun.js puts it in its APIError's message, other errors carry it as `code`. */
function networkCode(error: unknown): string {
  const failure = record(error);
  const message = typeof failure?.message === "string" ? failure.message : "";
  if (failure?.type === "MailgunAPIError" && /^E[A-Z_]{3,}$/.test(message)) return message;
  return typeof failure?.code === "string" ? failure.code : "";
}

export interface MailgunErrorContext {
  domain: string;
  /** The recipient of a send, when the call was one. */
  recipient?: string;
  /** A send: a server error may have come after Mailgun took the e-mail. */
  sending?: boolean;
}

export function mailgunError(error: unknown, context: MailgunErrorContext): MailProviderError {
  if (error instanceof MailProviderError) return error;
  const code = networkCode(error);
  const answer = code ? null : mailgunAnswer(error);
  if (!answer) {
    if (TIMED_OUT.has(code)) {
      return new MailProviderError("timeout", `Mailgun did not answer in time${context.sending ? ": the e-mail may or may not have gone out" : ""}.`, { retryable: true, cause: error });
    }
    // A connection that broke off during a send may have broken off after Mailgun took the e-mail
    // (only its answer was lost): the executor looks for it before any new try, so it is never sent twice.
    if (context.sending && CONNECTION_LOST.has(code)) {
      return new MailProviderError("timeout", `The connection to Mailgun broke off while sending (${code}): the e-mail may or may not have gone out.`, { retryable: true, cause: error });
    }
    if (NOT_CONNECTED.has(code) || CONNECTION_LOST.has(code)) return new MailProviderError("host-unreachable", `Herald could not reach Mailgun (${code}).`, { cause: error });
    return new MailProviderError("mail-failed", `Mailgun failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const { status, said } = answer;
  const words = said ? ` Mailgun said: ${said}` : "";
  if (status === 401) {
    return new MailProviderError("auth-failed", `Mailgun refused the API key: check it is a private API key (or a domain sending key for ${context.domain}) and in the right region.${words}`, { field: "apiKey", serverResponse: said });
  }
  if (status === 404) {
    return new MailProviderError("auth-failed", `Mailgun has no domain ${context.domain} in this account (or in this region).${words}`, { field: "domain", serverResponse: said });
  }
  if (status === 402 || status === 403) {
    return new MailProviderError("sending-refused", `Mailgun will not send from ${context.domain} (account, plan or domain settings).${words}`, { serverResponse: said });
  }
  if (status === 400 && context.recipient && /\bto\b.*(not a valid|invalid)|(invalid|not a valid).*\brecipient/i.test(said ?? "")) {
    return new MailProviderError("recipient-refused", `Mailgun refused the recipient ${context.recipient}.${words}`, { serverResponse: said });
  }
  if (status === 413) {
    return new MailProviderError("mail-failed", `Mailgun refused this e-mail as too large.${words}`, { retryable: false, serverResponse: said });
  }
  if (status === 429) {
    return new MailProviderError("mail-failed", `Mailgun's rate limit was reached; Herald tries again later.${words}`, { retryable: true, serverResponse: said });
  }
  if (status >= 500) {
    // As for SendGrid: a gateway's error answering a send may come after Mailgun queued the e-mail,
    // so the executor looks for it (findSent) before trying again; 503 is answered before taking it.
    if (context.sending && status !== 503) {
      return new MailProviderError("timeout", `Mailgun answered ${status}: the e-mail may or may not have gone out.`, { retryable: true, serverResponse: said });
    }
    return new MailProviderError("mail-failed", `Mailgun answered ${status}; Herald tries again later.`, { retryable: true, serverResponse: said });
  }
  return new MailProviderError("mail-failed", `Mailgun refused the request (${status}).${words}`, { retryable: false, serverResponse: said });
}
