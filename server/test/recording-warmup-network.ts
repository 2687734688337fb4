// Test support: a warmup network that records every call (and can be made to fail), put in place of
// the real one with setWarmupNetwork, for tests of what the warmup services send to a network.
import { setWarmupNetwork } from "../providers/warmup";
import { WarmupNetworkError, type WarmupNetwork, type WarmupNetworkName } from "../providers/warmup/types";

export type RecordedWarmupCall = { call: "enroll" | "updateStrategy" | "pause" | "resume" | "cancel" | "tick"; args: unknown[] };

export interface RecordingWarmupNetwork extends WarmupNetwork {
  calls: RecordedWarmupCall[];
  /** The next call fails as a network that did not answer. */
  failNext(): void;
}

export function recordingWarmupNetwork(name: WarmupNetworkName): RecordingWarmupNetwork {
  const calls: RecordedWarmupCall[] = [];
  let enrolments = 0;
  let failing = false;
  const record = (call: RecordedWarmupCall["call"], args: unknown[]) => {
    if (failing) {
      failing = false;
      throw new WarmupNetworkError("no answer", { retryable: true });
    }
    calls.push({ call, args });
  };
  return {
    name,
    calls,
    failNext: () => {
      failing = true;
    },
    async enroll(mailbox, strategy) {
      record("enroll", [mailbox, strategy]);
      enrolments++;
      return { externalId: `${name}-${mailbox.id}-${enrolments}` };
    },
    async updateStrategy(externalId, changes) {
      record("updateStrategy", [externalId, changes]);
    },
    async pause(externalId) {
      record("pause", [externalId]);
    },
    async resume(externalId) {
      record("resume", [externalId]);
    },
    async cancel(externalId) {
      record("cancel", [externalId]);
    },
    async tick(at, options) {
      record("tick", [at, options]);
      return { sent: 0, read: 0, replied: 0, rescued: 0, failed: 0 };
    },
  };
}

/** Puts recording networks in place of both real ones; `restore()` puts the real ones back. */
export function useRecordingWarmupNetworks() {
  const sandbox = recordingWarmupNetwork("sandbox");
  const pool = recordingWarmupNetwork("pool");
  setWarmupNetwork("sandbox", sandbox);
  setWarmupNetwork("pool", pool);
  return {
    sandbox,
    pool,
    restore() {
      setWarmupNetwork("sandbox", undefined);
      setWarmupNetwork("pool", undefined);
    },
  };
}
