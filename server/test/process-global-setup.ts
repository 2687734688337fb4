// Runs once per `vitest run` of the process project, beside the database setup: compiles the crash
// tests' worker scripts once (server/test/worker-bundles.ts) and tells the test files where.
import path from "node:path";
import type { TestProject } from "vitest/node";
import { prepareWorkerBundles } from "./worker-bundles";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of the compiled worker scripts (server/test/killable-worker.ts runs them). */
    heraldWorkerBundles: string;
  }
}

export default async function processGlobalSetup(project: TestProject) {
  project.provide("heraldWorkerBundles", await prepareWorkerBundles(path.resolve(import.meta.dirname, "../..")));
}
