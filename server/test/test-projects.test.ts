// The vitest projects are chosen by what a test file imports (server/test/test-projects.ts): the
// rule itself, and where it puts the files whose place is not negotiable.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { longestFirst } from "./sequencer";
import { SLOW_TEST_FILES } from "./slow-test-files";
import { importedModules, listTestFiles, literalGlob, NO_DATABASE_URL, projectOf, testProjects } from "./test-projects";

const root = path.resolve(import.meta.dirname, "../..");
// Written as a template so that this file's own text holds no dynamic import for the rule to read.
const dynamicImport = (specifier: string) => `const later = await import(${JSON.stringify(specifier)});`;

describe("test project membership", () => {
  it("reads run-time imports, relative, aliased, multi-line and dynamic, and leaves type-only imports out", () => {
    const source = [
      'import { db } from "../../db/client";',
      'import type { Actor } from "@/server/services/auth/actor";',
      "import {",
      "  createTestWorkspace,",
      "  createTestApiKey,",
      '} from "@/server/test/factories";',
      'import "./side-effect";',
      dynamicImport("@/server/test/herald-process"),
    ].join("\n");
    expect(importedModules("server/services/credits/credits.test.ts", source)).toEqual([
      "server/db/client",
      "server/test/factories",
      "server/services/credits/side-effect",
      "server/test/herald-process",
    ]);
  });

  it("puts a file in process when it starts processes, else in db when it imports the database, else in unit", () => {
    const file = "server/services/example/example.test.ts";
    expect(projectOf(file, 'import { expect, it } from "vitest";\nimport { decide } from "@/server/domain/sequence/decide";')).toBe("unit");
    expect(projectOf(file, 'import type { DbClient } from "@/server/db/client";')).toBe("unit");
    expect(projectOf(file, 'import { db } from "../../db/client";')).toBe("db");
    expect(projectOf(file, 'import { createTestWorkspace } from "@/server/test/factories";')).toBe("db");
    expect(projectOf(file, 'import pg from "pg";')).toBe("db");
    expect(projectOf(file, 'import { spawn } from "node:child_process";\nimport { db } from "@/server/db/client";')).toBe("process");
    expect(projectOf(file, 'import { startHeraldProcess } from "../../test/herald-process";')).toBe("process");
    // The mail test servers start Dovecot as a child process.
    expect(projectOf(file, 'import { startDovecot } from "@/server/test/mail-servers";')).toBe("process");
    // Migrations load Prisma's schema engine, which works once per process.
    expect(projectOf(file, 'import { applyMigrations } from "@/server/db/migrations";')).toBe("process");
    expect(projectOf(file, 'import { db } from "@/server/db/client";')).toBe("db");
  });

  it("places every test file in exactly one project", () => {
    const projects = testProjects(root);
    const all = [...projects.unit, ...projects.db, ...projects.process].sort();
    expect(all).toEqual(listTestFiles(root));
    expect(new Set(all).size).toBe(all.length);
    expect(projects.unit.length).toBeGreaterThan(0);
    expect(projects.db.length).toBeGreaterThan(0);
  });

  it("runs the SIGKILL and real-process tests in process, and the pure core and Inngest contract tests in unit", () => {
    const projects = testProjects(root);
    for (const file of ["server/services/campaigns/executor/crash-safety.test.ts", "server/runtime/crash-recovery.test.ts", "server/runtime/http-edge.test.ts"]) {
      expect(projects.process, file).toContain(file);
    }
    const mustBePure = listTestFiles(root).filter((file) => /^(server\/domain\/|server\/services\/campaigns\/engine\/|inngest\/functions\/)/.test(file));
    expect(mustBePure.filter((file) => !projects.unit.includes(file)), "pure tests that import the database or start processes").toEqual([]);
  });

  it("escapes app router folder names so that a file's glob matches only that file", () => {
    expect(literalGlob("app/(dashboard)/campaigns/[id]/page.test.ts")).toBe("app/\\(dashboard\\)/campaigns/\\[id\\]/page.test.ts");
  });

  it("names only test files that exist among the slowest files the run starts first", () => {
    expect(Object.keys(SLOW_TEST_FILES).filter((file) => !listTestFiles(root).includes(file))).toEqual([]);
  });

  it("starts the process project's files first, then the db project's, each the longest first", () => {
    const project = (name: string, isolate: boolean) => ({ name, config: { isolate, sequence: { groupOrder: 0 } } });
    const db = project("db", false);
    const processes = project("process", true);
    const spec = (owner: ReturnType<typeof project>, file: string) => ({ project: owner, moduleId: path.join(root, file) });
    // Durations a local rerun would find in vitest's cache; a clean clone has none.
    const cached: Record<string, number> = { "db:server/some-db-file.test.ts": 20_000 };
    const files = [
      spec(db, "server/quick.test.ts"),
      spec(db, "server/some-db-file.test.ts"),
      spec(db, "server/services/campaigns/executor/executor.test.ts"),
      spec(processes, "server/db/migrations.test.ts"),
      spec(db, "server/test/campaign-driver.test.ts"),
      spec(processes, "server/services/mailbox-orders/provisioning/crash-safety.test.ts"),
    ];
    const order = longestFirst(files, root, (name, relative) => cached[`${name}:${relative}`]).map((file) => `${file.project.name}:${path.relative(root, file.moduleId)}`);
    expect(order).toEqual([
      "process:server/services/mailbox-orders/provisioning/crash-safety.test.ts",
      "process:server/db/migrations.test.ts",
      "db:server/test/campaign-driver.test.ts",
      "db:server/services/campaigns/executor/executor.test.ts",
      "db:server/some-db-file.test.ts",
      "db:server/quick.test.ts",
    ]);
  });

  it("gives the unit project no database", () => {
    // This file is a unit test; vitest.config.ts points the unit project's databases where nothing listens.
    expect(process.env.DATABASE_URL).toBe(NO_DATABASE_URL);
    expect(process.env.TEST_DATABASE_ADMIN_URL).toBe(NO_DATABASE_URL);
  });
});
