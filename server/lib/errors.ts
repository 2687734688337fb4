// Herald's one error type. Services throw HeraldError with a stable code; each edge (REST, tRPC,
// Inngest) translates it once. Anything else that escapes is an internal error: logged, never shown.

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 422 | 429 | 500 | 502 | 503;

/** Default HTTP status for generic codes; domain codes name their status explicitly. */
const defaultStatus: Record<string, ErrorStatus> = {
  "invalid-input": 400,
  "bad-request": 400,
  unauthorized: 401,
  forbidden: 403,
  "not-allowed": 403,
  "not-found": 404,
  "method-not-allowed": 405,
  conflict: 409,
  "idempotency-conflict": 409,
  "payload-too-large": 413,
  unprocessable: 422,
  "rate-limited": 429,
  internal: 500,
};

export interface FieldIssue {
  /** Dotted path of the offending field, e.g. `sequence.steps.2.config.note`. */
  field: string;
  message: string;
}

export interface HeraldErrorOptions {
  code: string;
  message: string;
  status?: ErrorStatus;
  details?: Record<string, unknown>;
  /** Seconds until a retry may succeed; sent as Retry-After with 429 and 503. */
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class HeraldError extends Error {
  readonly code: string;
  readonly status: ErrorStatus;
  readonly details?: Record<string, unknown>;
  readonly retryAfterSeconds?: number;

  constructor(options: HeraldErrorOptions) {
    super(options.message, { cause: options.cause });
    this.name = "HeraldError";
    this.code = options.code;
    this.status = options.status ?? defaultStatus[options.code] ?? 400;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  static invalidInput(message: string, fields: FieldIssue[] = []): HeraldError {
    return new HeraldError({ code: "invalid-input", message, details: fields.length ? { fields } : undefined });
  }

  /** A 404 that never says whether the thing exists in another workspace. */
  static notFound(what: string): HeraldError {
    return new HeraldError({ code: "not-found", message: `${what} not found` });
  }

  static forbidden(message: string, code = "forbidden"): HeraldError {
    return new HeraldError({ code, status: 403, message });
  }

  static conflict(message: string, code = "conflict"): HeraldError {
    return new HeraldError({ code, status: 409, message });
  }

  static unprocessable(message: string, code = "unprocessable"): HeraldError {
    return new HeraldError({ code, status: 422, message });
  }

  static unavailable(message: string, code = "unavailable"): HeraldError {
    return new HeraldError({ code, status: 503, message });
  }

  static rateLimited(message: string, retryAfterSeconds: number, code = "rate-limited"): HeraldError {
    return new HeraldError({ code, status: 429, message, retryAfterSeconds });
  }
}

export function isHeraldError(error: unknown): error is HeraldError {
  return error instanceof HeraldError || (error instanceof Error && error.name === "HeraldError" && "code" in error);
}

export interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

/** The public shape of any error. Unknown errors become a generic 500; the caller logs the cause. */
export function toErrorBody(error: unknown): { status: ErrorStatus; body: ErrorBody; retryAfterSeconds?: number } {
  if (isHeraldError(error)) {
    const body: ErrorBody = { error: { code: error.code, message: error.message } };
    if (error.details) body.error.details = error.details;
    return { status: error.status, body, retryAfterSeconds: error.retryAfterSeconds };
  }
  return {
    status: 500,
    body: { error: { code: "internal", message: "Something went wrong on our side. The error was logged; try again." } },
  };
}
