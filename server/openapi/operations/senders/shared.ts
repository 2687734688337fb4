import { z } from "zod";
import type { ErrorCode } from "../../../lib/errors";

export const ZAccountIdParams = z.object({
  id: z.string().min(1).meta({ description: "Sender account id", example: "acc_7c1e2d3f4a5b6c7d8e9f0a1b2c3d4e5f" }),
});

export const CONNECT_ERRORS_NOTE = [
  "Failure codes:",
  "400 `invalid-credentials`, `invalid-session`, `proxy-failed`, `checkpoint-code-rejected`, `checkpoint-restricted`, `unsupported-verification`, `verification-required`, `verification-failed`, `invalid-totp-secret`, `connection-failed`;",
  "429 `rate-limited` (with Retry-After); 503 `provider-timeout`, `provider-unreachable` (safe to retry);",
  "409 `already-connected`, `no-plan`, `seat-limit-reached`.",
].join(" ");

/** What POST /accounts adds to the codes: automatic login's statuses and the failure event. */
export const CONNECT_FAILURE_NOTE = [
  "With `totpSecret` (automatic login) every failure is a 400 carrying the code, `rate-limited`, `provider-timeout` and `provider-unreachable` included (still safe to retry); only the three seat and duplicate codes stay 409.",
  "Every failure also sends account.connection_failed, whose `data` is `{account, error: {code, message}}`: the code is in `data.error.code` and `data.account` is the full sender object of the attempt (status `error`, `error` set to the message, the label, method and profile fields known so far).",
  "An attempt refused before a seat was taken (`invalid-totp-secret`, `no-plan`, `seat-limit-reached`) was never stored: its `data.account.id` answers 404.",
].join(" ");

export const DIRECT_ACTION_NOTE =
  "The profile becomes a tracked lead of the workspace. Send `Idempotency-Key` to retry safely. 409 `sender-paused` or `sender-not-ready` when the sender cannot act; 429 `sender-cooldown` while LinkedIn's throttling rests it, `daily-limit-reached` at the daily cap (all with Retry-After); 422 `profile-not-found` when LinkedIn has no such profile.";

/** What a LinkedIn sign-in can fail with (connect, reconnect): the spec's codes of POST /accounts. */
export const SIGN_IN_ERRORS = [
  "invalid-credentials",
  "invalid-session",
  "proxy-failed",
  "checkpoint-code-rejected",
  "checkpoint-restricted",
  "unsupported-verification",
  "verification-required",
  "verification-failed",
  "connection-failed",
  "rate-limited",
  "provider-timeout",
  "provider-unreachable",
  "checkpoint-expired",
] as const satisfies readonly ErrorCode[];

/** What every direct action (visit, like, connection request) can fail with. */
export const DIRECT_ACTION_ERRORS = [
  "not-found",
  "sender-not-ready",
  "sender-paused",
  "sender-cooldown",
  "daily-limit-reached",
  "profile-not-found",
  "session-expired",
  "account-restricted",
  "throttled",
  "network-limit-reached",
  "provider-timeout",
  "provider-unreachable",
  "action-failed",
] as const satisfies readonly ErrorCode[];
