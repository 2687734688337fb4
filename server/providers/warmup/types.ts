// Warmup goes through this interface: a network that takes a mailbox in (enroll), holds its
// strategy (only changed values are sent to it), pauses, resumes and cancels it, and does its work
// as Herald's clock passes (tick, called by the warmup pass). Two implementations: Herald's own pool
// (pool/, the installation's warming mailboxes write to each other through their real mail
// providers) and the sandbox network (sandbox/, simulated). Services depend on this file only;
// `getWarmupNetwork(name)` (index.ts) picks the implementation and `warmupNetworkFor(mailbox)` the
// one a mailbox uses (HERALD_WARMUP_NETWORK).
import type { TWarmupStrategyValues } from "../../schemas/mailbox-health";
import type { MailProviderName } from "../mail/types";

export type WarmupNetworkName = "pool" | "sandbox";

/** A mailbox as a warmup network sees it. */
export interface WarmupMailbox {
  /** Herald's mailbox id. */
  id: string;
  workspaceId: string;
  email: string;
  provider: MailProviderName;
  timezone: string;
}

/** What one tick did, for the pass's log and the benchmark. */
export interface WarmupTickResult {
  sent: number;
  read: number;
  replied: number;
  rescued: number;
  failed: number;
}

export class WarmupNetworkError extends Error {
  /** Worth trying again later (the network did not answer). */
  readonly retryable: boolean;
  constructor(message: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "WarmupNetworkError";
    this.retryable = options.retryable ?? false;
  }
}

export interface WarmupNetwork {
  readonly name: WarmupNetworkName;

  /**
   * Takes the mailbox in with the whole strategy, starting at day 1; returns its id at the network.
   * Enrolling a mailbox the network already holds (a retry) returns the same id.
   */
  enroll(mailbox: WarmupMailbox, strategy: TWarmupStrategyValues): Promise<{ externalId: string }>;

  /** Sends a strategy change: only the values that changed (never an empty change). */
  updateStrategy(externalId: string, changes: Partial<TWarmupStrategyValues>): Promise<void>;

  /** Holds the mailbox's warmup (nothing sent or answered) until resume; its day does not advance. */
  pause(externalId: string): Promise<void>;
  resume(externalId: string): Promise<void>;

  /** Ends the mailbox's warmup for good; a later start enrolls it again. Cancelling twice is a no-op. */
  cancel(externalId: string): Promise<void>;

  /**
   * Does the network's work due at `at` for the mailboxes it holds: plan the day's warmup mail on
   * the ramp, send what is due, read what arrived (opening, rescuing from spam and Promotions,
   * replying in the strategy's ranges), and record each mailbox's day in WarmupDay. Idempotent:
   * a tick that runs twice for the same moment does nothing twice. `mailboxIds` limits it to some
   * mailboxes (the pass fans out in batches); all of the network's when left out.
   */
  tick(at: Date, options?: { mailboxIds?: string[] }): Promise<WarmupTickResult>;
}
