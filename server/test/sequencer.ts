// The order vitest starts test files in: longest first, so that the run does not end with one
// worker on a long file while the others idle (on two cores and three workers, a long file started
// last added more than a minute to the database and process phase). Vitest's own order runs the
// db project's files before the process project's, and on a clean clone, with no cache of earlier
// durations, keeps them in listing order.
//
// Within that order, a project's files stay together: a db worker runs file after file in one
// process (`isolate: false`, vitest.config.ts) only while the next file in the queue is also a db
// file; otherwise it is stopped and another started, loading every package again. So the process
// project's files (a process each anyway, and the slowest) come first, then the db project's.
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { SLOW_TEST_FILES } from "./slow-test-files.ts";

/** What the order reads of a test file: its path and its project's settings. */
export interface OrderedFile {
  moduleId: string;
  project: { name: string; config: { isolate: boolean; sequence: { groupOrder: number } } };
}

/**
 * `files` (in vitest's own order) longest first within each project, the isolated projects'
 * files first. `cachedMs` is a file's last duration in vitest's cache, when a local rerun has one.
 */
export function longestFirst<T extends OrderedFile>(files: readonly T[], root: string, cachedMs: (project: string, relative: string) => number | undefined): T[] {
  const expected = (file: T): number => {
    const relative = path.relative(root, file.moduleId).split(path.sep).join("/");
    const hint = SLOW_TEST_FILES[relative];
    if (hint !== undefined) return hint;
    // A local rerun knows every file's last duration (vitest's cache); a clean clone does not.
    const duration = cachedMs(file.project.name, relative);
    return duration === undefined ? 0 : duration / 1000;
  };
  const position = new Map(files.map((file, index) => [file, index]));
  return [...files].sort((a, b) => {
    const groupOrder = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
    if (groupOrder !== 0) return groupOrder;
    const isolated = Number(b.project.config.isolate) - Number(a.project.config.isolate);
    if (isolated !== 0) return isolated;
    if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
    return expected(b) - expected(a) || position.get(a)! - position.get(b)!;
  });
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    return longestFirst(await super.sort(files), this.ctx.config.root, (project, relative) => cache.getFileTestResults(`${project}:${relative}`)?.duration);
  }
}
