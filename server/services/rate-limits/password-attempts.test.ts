import { afterEach, describe, expect, it, vi } from "vitest";
import { hashPassword } from "../../lib/crypto";
import { logger } from "../../lib/logger";
import { createTestUser, createTestWorkspace } from "../../test/factories";
import { createCallerFactory } from "../../trpc/init";
import { appRouter } from "../../trpc/root";
import { inviteMember } from "../members/invite-member";
import {
  ACCOUNT_ATTEMPT_LIMIT,
  ADDRESS_ATTEMPT_LIMIT,
  beginPasswordAttempt,
  passwordAttemptSucceeded,
} from "./password-attempts";
import { messageForSignInCode, tooManyAttemptsCode, tooManyAttemptsMessage } from "./too-many-attempts-message";
import { ZInviteMemberInput } from "../../schemas/account-user";

// The tRPC context module reaches Auth.js (which needs Next's runtime); these procedures need no session.
vi.mock("../../auth/dashboard-session", () => ({ getSessionUserId: async () => null, getSessionActor: async () => null }));

afterEach(() => vi.restoreAllMocks());

describe("password attempts", () => {
  it(`refuses an account after ${ACCOUNT_ATTEMPT_LIMIT} failed attempts from any addresses, with a note in the log`, () => {
    const warn = vi.spyOn(logger, "warn");
    for (let i = 0; i < ACCOUNT_ATTEMPT_LIMIT; i++) {
      beginPasswordAttempt({ account: "Target@Example.com", address: `198.51.100.${i}` });
    }
    let refusal: unknown;
    try {
      beginPasswordAttempt({ account: "target@example.com ", address: "198.51.100.200" });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({
      status: 429,
      code: "too-many-attempts",
      retryAfterSeconds: 15 * 60,
      message: "Too many sign-in attempts. Try again in 15 minutes.",
    });
    expect(warn).toHaveBeenCalledWith("Password attempts throttled for an account", expect.objectContaining({ account: "target@example.com", minutes: 15 }));
    // Other accounts from a fresh address are unaffected.
    expect(() => beginPasswordAttempt({ account: "other@example.com", address: "198.51.100.201" })).not.toThrow();
  });

  it("forgets an account's failures when its password is right", () => {
    const attempt = { account: "forgetful@example.com", address: "192.0.2.30" };
    for (let i = 0; i < ACCOUNT_ATTEMPT_LIMIT - 1; i++) beginPasswordAttempt({ ...attempt, address: `192.0.2.${40 + i}` });
    beginPasswordAttempt(attempt);
    passwordAttemptSucceeded(attempt);
    for (let i = 0; i < ACCOUNT_ATTEMPT_LIMIT; i++) beginPasswordAttempt({ ...attempt, address: `192.0.2.${60 + i}` });
    expect(() => beginPasswordAttempt({ ...attempt, address: "192.0.2.99" })).toThrow(/Too many sign-in attempts/);
  });

  it(`refuses an address after ${ADDRESS_ATTEMPT_LIMIT} failed attempts across accounts; successes do not count`, () => {
    const warn = vi.spyOn(logger, "warn");
    const address = "203.0.113.9";
    for (let i = 0; i < 5; i++) {
      const attempt = { account: `real-${i}@example.com`, address };
      beginPasswordAttempt(attempt);
      passwordAttemptSucceeded(attempt);
    }
    for (let i = 0; i < ADDRESS_ATTEMPT_LIMIT; i++) beginPasswordAttempt({ account: `guess-${i}@example.com`, address });
    expect(() => beginPasswordAttempt({ account: "another@example.com", address })).toThrow(/Too many sign-in attempts/);
    expect(warn).toHaveBeenCalledWith("Password attempts throttled for an address", { address, minutes: 15 });
    expect(() => beginPasswordAttempt({ account: "another@example.com", address: "203.0.113.10" })).not.toThrow();
  });

  it("throttles password guesses through an invitation like sign-ins", async () => {
    const existing = await createTestUser({ email: "invited@example.com", passwordHash: await hashPassword("their password 1") });
    await createTestWorkspace({ userId: existing.id });
    const { actor } = await createTestWorkspace();
    const { url } = await inviteMember(actor, ZInviteMemberInput.parse({ email: "invited@example.com" }));
    const token = url.split("/invite/")[1]!;
    const caller = createCallerFactory(appRouter)({ userId: null, clientAddress: "198.51.100.150" });

    for (let i = 0; i < ACCOUNT_ATTEMPT_LIMIT; i++) {
      await expect(caller.setup.acceptInvitation({ token, password: `wrong password ${i}` })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
    // Even the right password waits now.
    await expect(caller.setup.acceptInvitation({ token, password: "their password 1" })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: "Too many sign-in attempts. Try again in 15 minutes.",
    });
  });
});

describe("the words for a throttled sign-in", () => {
  it("rounds the wait up to whole minutes and travels as an Auth.js code", () => {
    expect(tooManyAttemptsMessage(300)).toBe("Too many sign-in attempts. Try again in 5 minutes.");
    expect(tooManyAttemptsMessage(61)).toBe("Too many sign-in attempts. Try again in 2 minutes.");
    expect(tooManyAttemptsMessage(5)).toBe("Too many sign-in attempts. Try again in 1 minute.");
    expect(messageForSignInCode(tooManyAttemptsCode(299))).toBe("Too many sign-in attempts. Try again in 5 minutes.");
    expect(messageForSignInCode("credentials")).toBeNull();
    expect(messageForSignInCode(undefined)).toBeNull();
  });
});
