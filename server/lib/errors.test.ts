import { describe, expect, it } from "vitest";
import type { ProviderErrorCode } from "../providers/linkedin/types";
import { errorCodes, errorCodeToHttpStatus, HeraldError, isErrorCode, toErrorBody, type ErrorCode, type ErrorStatus } from "./errors";

const STATUSES: readonly ErrorStatus[] = [400, 401, 402, 403, 404, 405, 409, 413, 422, 429, 500, 502, 503];

describe("error codes", () => {
  it("maps every code of the closed set to an error status", () => {
    expect(errorCodes.length).toBeGreaterThan(0);
    for (const code of errorCodes) expect(STATUSES, code).toContain(errorCodeToHttpStatus[code]);
  });

  it("gives a HeraldError the status of its code, and only that", () => {
    for (const code of errorCodes) {
      const error = new HeraldError({ code, message: "plain words" });
      expect(error.status).toBe(errorCodeToHttpStatus[code]);
      expect(toErrorBody(error)).toMatchObject({ status: errorCodeToHttpStatus[code], body: { error: { code, message: "plain words" } } });
    }
  });

  it("keeps the statuses the API has always answered with", () => {
    const expected: Partial<Record<ErrorCode, ErrorStatus>> = {
      "invalid-input": 400,
      unauthorized: 401,
      "not-allowed": 403,
      "not-found": 404,
      "method-not-allowed": 405,
      "payload-too-large": 413,
      "rate-limited": 429,
      "invitation-pending": 409,
      "sender-available": 409,
      "no-inmail-credits": 409,
      "no-recent-post": 422,
      "not-in-pool": 422,
      "daily-limit-reached": 429,
      "weekly-limit-reached": 429,
      "provider-timeout": 503,
      "action-failed": 502,
      "invalid-totp-secret": 400,
      "seat-limit-reached": 409,
    };
    for (const [code, status] of Object.entries(expected)) expect(errorCodeToHttpStatus[code as ErrorCode], code).toBe(status);
  });

  it("holds every LinkedIn provider code, so a provider failure always has a status", () => {
    const providerCodes: Record<ProviderErrorCode, true> = {
      "invalid-credentials": true,
      "invalid-session": true,
      "rate-limited": true,
      "proxy-failed": true,
      "provider-timeout": true,
      "provider-unreachable": true,
      "checkpoint-code-rejected": true,
      "checkpoint-restricted": true,
      "checkpoint-expired": true,
      "unsupported-verification": true,
      "verification-required": true,
      "verification-failed": true,
      "connection-failed": true,
      "profile-not-found": true,
      "already-invited": true,
      "already-connected": true,
      "not-connected": true,
      "network-limit-reached": true,
      throttled: true,
      "no-inmail-credits": true,
      "no-recent-post": true,
      "session-expired": true,
      "account-restricted": true,
      "action-failed": true,
    };
    for (const code of Object.keys(providerCodes)) expect(isErrorCode(code), code).toBe(true);
  });

  it("answers anything that is not a HeraldError with a generic 500", () => {
    expect(isErrorCode("conflict")).toBe(false);
    expect(toErrorBody(new Error("postgres://secret"))).toEqual({
      status: 500,
      body: { error: { code: "internal", message: "Something went wrong on our side. The error was logged; try again." } },
    });
  });
});
