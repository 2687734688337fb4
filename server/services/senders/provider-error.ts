// LinkedIn provider failures as API errors: the provider's codes are members of Herald's closed set
// (server/lib/errors.ts), whose table gives each its status, so that a client can tell "fix your
// input" (400) from "try again later" (429, 503).
import { errorCodeToHttpStatus, HeraldError } from "../../lib/errors";
import { LinkedinProviderError } from "../../providers/linkedin/types";

export function providerErrorToHerald(error: LinkedinProviderError): HeraldError {
  const status = errorCodeToHttpStatus[error.code];
  return new HeraldError({
    code: error.code,
    message: error.message,
    retryAfterSeconds: status === 429 || status === 503 ? (error.retryAfterSeconds ?? 60) : undefined,
    cause: error,
  });
}

export function isProviderError(error: unknown): error is LinkedinProviderError {
  return error instanceof LinkedinProviderError || (error instanceof Error && error.name === "LinkedinProviderError");
}
