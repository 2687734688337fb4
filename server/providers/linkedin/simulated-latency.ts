// A LinkedIn provider whose every call first waits like a network round trip: the sandbox network
// answers from the database in a millisecond, real LinkedIn (through Unipile) in hundreds of
// milliseconds to seconds, and how many senders act within a minute depends on that wait. It is a
// real timer, not Herald's clock: it stands for wall time spent on the network, which a moved
// ManualClock does not skip (it is off unless HERALD_SANDBOX_LATENCY_MS is set).
import type { LinkedinProvider } from "./types";

export interface SimulatedLatency {
  /** The mean wait per call, in milliseconds. */
  latencyMs: number;
  /** Each wait is spread evenly within ± this of the mean (never below 0). */
  jitterMs: number;
  /** A number in [0, 1); Math.random by default. */
  random?: () => number;
}

/** One call's wait: latency ± jitter, evenly spread, at least 0. */
export function latencyDelayMs(latency: SimulatedLatency): number {
  const random = latency.random ?? Math.random;
  const spread = latency.jitterMs * (2 * random() - 1);
  return Math.max(0, Math.round(latency.latencyMs + spread));
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The forecast's outcome model is the sandbox's own knowledge, not a call to LinkedIn. */
const LOCAL_MEMBERS = new Set<PropertyKey>(["name", "forecastOutcomeModel"]);

/** Wraps `provider` so that each of its calls waits `latency` first; returns it as is when off. */
export function withSimulatedLatency(provider: LinkedinProvider, latency: SimulatedLatency): LinkedinProvider {
  if (latency.latencyMs <= 0 && latency.jitterMs <= 0) return provider;
  return new Proxy(provider, {
    get(target, property, receiver) {
      const member: unknown = Reflect.get(target, property, receiver);
      if (typeof member !== "function" || LOCAL_MEMBERS.has(property)) return member;
      return async (...args: unknown[]) => {
        await wait(latencyDelayMs(latency));
        return (member as (...callArgs: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
