// LinkedIn provider failures as API errors: the spec's codes, with statuses chosen so that a client
// can tell "fix your input" (400) from "try again later" (429, 503).
import { HeraldError, type ErrorStatus } from "../../lib/errors";
import { LinkedinProviderError, type ProviderErrorCode } from "../../providers/linkedin/types";

const STATUS: Partial<Record<ProviderErrorCode, ErrorStatus>> = {
  "rate-limited": 429,
  throttled: 429,
  "network-limit-reached": 429,
  "provider-timeout": 503,
  "provider-unreachable": 503,
  "checkpoint-expired": 409,
  "already-invited": 409,
  "already-connected": 409,
  "not-connected": 409,
  "no-inmail-credits": 409,
  "session-expired": 409,
  "account-restricted": 409,
  "profile-not-found": 422,
  "no-recent-post": 422,
  "action-failed": 502,
};

export function providerErrorToHerald(error: LinkedinProviderError, statusOverride?: ErrorStatus): HeraldError {
  const status = statusOverride ?? STATUS[error.code] ?? 400;
  return new HeraldError({
    code: error.code,
    status,
    message: error.message,
    retryAfterSeconds: status === 429 || status === 503 ? (error.retryAfterSeconds ?? 60) : undefined,
    cause: error,
  });
}

export function isProviderError(error: unknown): error is LinkedinProviderError {
  return error instanceof LinkedinProviderError || (error instanceof Error && error.name === "LinkedinProviderError");
}
