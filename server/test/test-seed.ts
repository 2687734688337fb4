// Randomness a failing test can replay: the seed comes from HERALD_TEST_SEED when it is set, else
// from the system, and is printed either way (and again when a test of the file fails), so that
//
//   HERALD_TEST_SEED=<seed> npx vitest run <file>
//
// runs the same random choices again.
import { randomInt } from "node:crypto";
import path from "node:path";
import { expect, onTestFailed } from "vitest";
import { mulberry32 } from "../lib/seeded-random";

export interface SeededRandom {
  seed: number;
  /** A number in [0, 1), like Math.random(). */
  next(): number;
  /** An integer in [min, max). */
  int(min: number, max: number): number;
}

export function parseSeed(value: string | undefined): number | null {
  if (value === undefined || value.trim() === "") return null;
  const seed = Number(value);
  if (!Number.isSafeInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new Error(`HERALD_TEST_SEED must be a whole number from 0 to ${0xffffffff}, not "${value}".`);
  }
  return seed;
}

/** mulberry32 (server/lib/seeded-random.ts) with the helpers tests use. */
export function seededRandom(seed: number): SeededRandom {
  const next = mulberry32(seed);
  return { seed, next, int: (min, max) => min + Math.floor(next() * (max - min)) };
}

/**
 * The random source of the current test: call it inside the test. Logs the seed and how to replay
 * it, and repeats that when the test fails.
 */
export function testRandom(): SeededRandom {
  const seed = parseSeed(process.env.HERALD_TEST_SEED) ?? randomInt(0, 0xffffffff);
  const file = path.relative(process.cwd(), expect.getState().testPath ?? "<this test file>");
  const replay = `HERALD_TEST_SEED=${seed} npx vitest run ${file}`;
  console.log(`Random seed ${seed} (replay with: ${replay})`);
  onTestFailed(() => console.error(`This test used random seed ${seed}. Replay it with: ${replay}`));
  return seededRandom(seed);
}
