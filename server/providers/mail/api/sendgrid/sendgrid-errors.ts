// What a failed SendGrid v3 call means for a mailbox, as the MailProviderError codes the executor
// acts on. SendGrid answers errors as `{errors: [{message, field, help}]}` ("Errors" in the v3 API
// reference): 400 for a request it will not take (an invalid recipient names the field
// personalizations.0.to.0.email), 401 for a key it does not know, 403 for a key without the scope
// or a From address that is no verified sender, 413 for a too large e-mail, 429 for the rate limit
// (X-RateLimit-Reset), 5xx for its own trouble. @sendgrid/client rejects with a ResponseError
// carrying `code` (the status) and `response: {headers, body}`; with no answer at all it passes
// axios's error (`code` ECONNREFUSED, ECONNABORTED …).
import { MailProviderError } from "../../types";

interface SendgridAnswer {
  status: number;
  headers: Record<string, unknown>;
  messages: string[];
  fields: string[];
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
}

/** SendGrid's answer inside a ResponseError, or null for a failure with no HTTP answer. */
export function sendgridAnswer(error: unknown): SendgridAnswer | null {
  const failure = record(error);
  const response = record(failure?.response);
  if (!failure || typeof failure.code !== "number" || !response) return null;
  const body = record(response.body);
  const errors = Array.isArray(body?.errors) ? body.errors.map(record).filter((entry) => entry !== null) : [];
  return {
    status: failure.code,
    headers: record(response.headers) ?? {},
    messages: errors.map((entry) => (typeof entry.message === "string" ? entry.message : "")).filter(Boolean),
    fields: errors.map((entry) => (typeof entry.field === "string" ? entry.field : "")).filter(Boolean),
  };
}

function header(headers: Record<string, unknown>, name: string): string | null {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return typeof value === "string" || typeof value === "number" ? String(value) : null;
}

/** "Try again in N seconds" from Retry-After (seconds or an HTTP date) or X-RateLimit-Reset (epoch seconds). */
function waitWords(headers: Record<string, unknown>, now: Date): string {
  const retryAfter = header(headers, "retry-after");
  let seconds: number | null = null;
  if (retryAfter && /^\d+$/.test(retryAfter.trim())) seconds = Number(retryAfter.trim());
  else if (retryAfter && !Number.isNaN(Date.parse(retryAfter))) seconds = Math.ceil((Date.parse(retryAfter) - now.getTime()) / 1000);
  const reset = header(headers, "x-ratelimit-reset");
  if (seconds === null && reset && /^\d+$/.test(reset)) seconds = Number(reset) - Math.floor(now.getTime() / 1000);
  return seconds !== null && seconds > 0 ? ` SendGrid asks to wait ${seconds} seconds.` : "";
}

/** Never connected: nothing was sent. */
const NOT_CONNECTED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
/** The connection broke off after it was made: a send may have been taken before the answer was lost. */
const CONNECTION_LOST = new Set(["ECONNRESET", "EPIPE"]);
const TIMED_OUT = new Set(["ECONNABORTED", "ETIMEDOUT", "ESOCKETTIMEDOUT"]);

export interface SendgridErrorContext {
  /** The mailbox's address, named in the words. */
  email: string;
  /** The recipient of a send, when the call was one. */
  recipient?: string;
  /** A send: a server error may have come after SendGrid took the e-mail. */
  sending?: boolean;
  now: Date;
}

export function sendgridError(error: unknown, context: SendgridErrorContext): MailProviderError {
  if (error instanceof MailProviderError) return error;
  const answer = sendgridAnswer(error);
  if (!answer) {
    const code = typeof record(error)?.code === "string" ? String(record(error)?.code) : "";
    if (TIMED_OUT.has(code)) {
      return new MailProviderError("timeout", `SendGrid did not answer in time${context.sending ? ": the e-mail may or may not have gone out" : ""}.`, { retryable: true, cause: error });
    }
    // A connection that broke off during a send may have broken off after SendGrid took the e-mail
    // (only its answer was lost): the executor looks for it before any new try, so it is never sent twice.
    if (context.sending && CONNECTION_LOST.has(code)) {
      return new MailProviderError("timeout", `The connection to SendGrid broke off while sending (${code}): the e-mail may or may not have gone out.`, { retryable: true, cause: error });
    }
    if (NOT_CONNECTED.has(code) || CONNECTION_LOST.has(code)) return new MailProviderError("host-unreachable", `Herald could not reach SendGrid (${code}).`, { cause: error });
    return new MailProviderError("mail-failed", `SendGrid failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const said = answer.messages.join("; ") || null;
  const words = said ? ` SendGrid said: ${said}` : "";
  const { status } = answer;
  if (status === 401) {
    return new MailProviderError("auth-failed", `SendGrid refused the API key of ${context.email}: check it was copied whole and is not deleted.${words}`, { field: "apiKey", serverResponse: said });
  }
  if (status === 403) {
    // The one 403 about the e-mail rather than the key: a From address that is no verified sender.
    if (/sender identity|from address/i.test(said ?? "")) {
      return new MailProviderError("sending-refused", `SendGrid will not send from ${context.email}: verify the address or its domain under Sender Authentication.${words}`, { serverResponse: said });
    }
    return new MailProviderError("auth-failed", `The SendGrid API key of ${context.email} lacks a permission Herald needs (Mail Send).${words}`, { field: "apiKey", serverResponse: said });
  }
  if (status === 400 && context.recipient && answer.fields.some((field) => /^personalizations\.\d+\.to/.test(field))) {
    return new MailProviderError("recipient-refused", `SendGrid refused the recipient ${context.recipient}.${words}`, { serverResponse: said });
  }
  if (status === 413) {
    return new MailProviderError("mail-failed", `SendGrid refused this e-mail from ${context.email} as too large.${words}`, { retryable: false, serverResponse: said });
  }
  if (status === 429) {
    return new MailProviderError("mail-failed", `SendGrid's rate limit was reached; Herald tries again later.${waitWords(answer.headers, context.now)}`, { retryable: true, serverResponse: said });
  }
  if (status >= 500) {
    // A gateway's error answering a send does not say SendGrid refused the e-mail: it may have gone
    // out, so the executor looks for it (findSent) before any new try. 503 is answered before taking it.
    if (context.sending && status !== 503) {
      return new MailProviderError("timeout", `SendGrid answered ${status}: the e-mail may or may not have gone out.`, { retryable: true, serverResponse: said });
    }
    return new MailProviderError("mail-failed", `SendGrid answered ${status}; Herald tries again later.`, { retryable: true, serverResponse: said });
  }
  return new MailProviderError("mail-failed", `SendGrid refused the request (${status}).${words}`, { retryable: false, serverResponse: said });
}
