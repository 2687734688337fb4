// Shared test setup: one fake Unipile per test file, a fresh provider (and checkpoint memory) and a
// manual clock per test.
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { ManualClock, setClock, systemClock } from "../../../lib/clock";
import { LinkedinProviderError, type LinkedinProvider } from "../../../providers/linkedin/types";
import { createInProcessCheckpointMemory } from "../../../providers/linkedin/unipile/checkpoint-memory";
import { createUnipileProvider, type UnipileProviderConfig } from "../../../providers/linkedin/unipile/unipile-provider";
import { startFakeUnipile, type FakeUnipile } from "./fake-unipile";

export const API_KEY = "unipile-test-key";
export const CLOCK_START = "2026-01-05T12:00:00.000Z";

export interface Harness {
  unipile: FakeUnipile;
  provider: LinkedinProvider;
  clock: ManualClock;
  /** A provider with other settings, on the same fake Unipile. */
  providerWith(config: Partial<UnipileProviderConfig>): LinkedinProvider;
}

export function withFakeUnipile(): Harness {
  const harness = {} as Harness;
  beforeAll(async () => {
    harness.unipile = await startFakeUnipile();
  });
  afterAll(() => harness.unipile.close());
  beforeEach(() => {
    harness.unipile.reset();
    harness.clock = new ManualClock(CLOCK_START);
    setClock(harness.clock);
    harness.providerWith = (config) =>
      createUnipileProvider({
        dsn: harness.unipile.dsn,
        apiKey: API_KEY,
        timeoutMs: 2_000,
        identityRetryDelaysMs: [0, 0],
        checkpointMemory: createInProcessCheckpointMemory(),
        ...config,
      });
    harness.provider = harness.providerWith({});
  });
  afterEach(() => setClock(systemClock));
  return harness;
}

export async function providerError(promise: Promise<unknown>): Promise<LinkedinProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LinkedinProviderError);
  return error as LinkedinProviderError;
}
