// Brute-force protection for everything that checks a password: dashboard sign-in, accepting an
// invitation with an existing account, and the first run (which hashes one). Attempts are counted
// per account and per client address before the password is checked, so that a burst of parallel
// guesses cannot slip past the count; a success gives its attempt back.
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { logger } from "../../lib/logger";
import { sharedLimiter } from "./attempt-limiter";
import { tooManyAttemptsMessage } from "./too-many-attempts-message";

const WINDOW_MS = 15 * 60_000;
/** Failed attempts on one account in 15 minutes: slow enough to make guessing hopeless. */
export const ACCOUNT_ATTEMPT_LIMIT = 10;
/** Failed attempts from one address in 15 minutes, across accounts (an office shares one address). */
export const ADDRESS_ATTEMPT_LIMIT = 30;

const accounts = () => sharedLimiter("password-attempts:account", { limit: ACCOUNT_ATTEMPT_LIMIT, windowMs: WINDOW_MS, maxKeys: 10_000 });
const addresses = () => sharedLimiter("password-attempts:address", { limit: ADDRESS_ATTEMPT_LIMIT, windowMs: WINDOW_MS, maxKeys: 10_000 });

export interface PasswordAttempt {
  /** The account tried (an e-mail, or another stable name such as an invitation), when known. */
  account: string | null;
  /** The client address as a limiter key (server/http/client-address.ts). */
  address: string;
}

const accountKey = (account: string) => account.trim().toLowerCase();

/**
 * Counts an attempt before its password is checked. Throws a 429 HeraldError (code
 * `too-many-attempts`, with the seconds to wait) when the account or the address is over its limit.
 */
export function beginPasswordAttempt(attempt: PasswordAttempt): void {
  const at = now().getTime();
  const account = attempt.account ? accountKey(attempt.account) : null;
  const states = [addresses().check(attempt.address, at), ...(account ? [accounts().check(account, at)] : [])];
  const refused = states.filter((state) => !state.allowed);
  if (refused.length) {
    const seconds = Math.max(...refused.map((state) => state.retryAfterSeconds));
    throw new HeraldError({ code: "too-many-attempts", message: tooManyAttemptsMessage(seconds), retryAfterSeconds: seconds });
  }
  // One line when an account or address reaches its limit, not one per refused guess.
  const address = addresses().hit(attempt.address, at);
  if (address.count === address.limit) {
    const minutes = Math.ceil(address.retryAfterSeconds / 60);
    logger.warn("Password attempts throttled for an address", { address: attempt.address, minutes });
  }
  const accountState = account ? accounts().hit(account, at) : null;
  if (accountState && accountState.count === accountState.limit) {
    const minutes = Math.ceil(accountState.retryAfterSeconds / 60);
    logger.warn("Password attempts throttled for an account", { account, address: attempt.address, minutes });
  }
}

/** The password was right: the account's failures are forgotten and the address gets its attempt back. */
export function passwordAttemptSucceeded(attempt: PasswordAttempt): void {
  if (attempt.account) accounts().reset(accountKey(attempt.account));
  addresses().forgive(attempt.address);
}

/** Runs `check` as one password attempt: counted first, given back when it succeeds. */
export async function withPasswordAttempt<T>(attempt: PasswordAttempt, check: () => Promise<T>): Promise<T> {
  beginPasswordAttempt(attempt);
  const result = await check();
  passwordAttemptSucceeded(attempt);
  return result;
}
