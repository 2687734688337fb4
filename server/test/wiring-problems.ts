// Test support: the field problems a 400 lists (HeraldError details.fields), for the wiring rules' tests.
import type { HeraldError } from "../lib/errors";

/** Runs what should refuse with a 400 and returns its problems; fails the test when it does not refuse. */
export function wiringProblems(run: () => unknown): Array<{ field: string; message: string }> {
  try {
    run();
  } catch (error) {
    return ((error as HeraldError).details?.fields as Array<{ field: string; message: string }>) ?? [];
  }
  throw new Error("expected a 400");
}
