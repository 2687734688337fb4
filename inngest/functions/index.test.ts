// Every function Herald serves syncs with Inngest as one app, with a trigger the embedded executor
// runs too (an event or a cron), and has its contract test next to it.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { syncedFunctions } from "../../server/test/inngest-contract";
import { functions } from "./index";

describe("Herald's Inngest functions", () => {
  it("sync in one app, each with a distinct id and event or cron triggers only", async () => {
    const synced = await syncedFunctions(functions);
    expect(synced.map(({ config }) => config.id)).toEqual(functions.map((fn) => fn.id("herald")));
    expect(new Set(synced.map(({ config }) => config.id)).size).toBe(functions.length);
    for (const { config, spec } of synced) {
      expect(config.triggers.length, config.id).toBeGreaterThan(0);
      expect(spec.eventTriggers.length + spec.cronTriggers.length, config.id).toBe(config.triggers.length);
    }
  });

  it.each(functions.map((fn) => fn.id()))("%s has its contract test next to it", (id) => {
    expect(existsSync(path.join(import.meta.dirname, `${id}.test.ts`))).toBe(true);
  });
});
