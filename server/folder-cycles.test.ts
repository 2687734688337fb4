// Folders depend on each other one way only: server/'s own folders (lib, db, providers, services,
// transport…), the features inside server/services, and the sub-folders inside each feature. A
// folder of server/services holding only folders groups features (server/services/mail): each of its
// folders is a feature of its own, checked against every other feature, so that mail/inbound may sit
// above campaigns while campaigns sends through mail/sending. A cycle means a piece shared by both
// sits in the wrong folder: move it to the lower one or split the file (docs/architecture.md). Pure:
// reads the source files, needs no database.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The modules a file needs when it runs. Type-only imports are left out: they are erased at build,
 * and one is how a lower layer implements an interface a higher one defines (the LinkedIn provider
 * gives the forecast its OutcomeModel).
 */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause?.isTypeOnly ||
        (clause && !clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly));
      if (!onlyTypes) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** The folder directly under `base` a path lies in; null outside `base` or for a file lying in it (server/env.ts). */
function directFolderOf(base: string): (file: string) => string | null {
  return (file) => {
    const relative = path.relative(base, file);
    const [first, ...rest] = relative.split(path.sep);
    return relative.startsWith("..") || !rest.length ? null : first!;
  };
}

const SERVICES = path.join(ROOT, "server/services");

/** A folder holding only folders groups features (server/services/mail). */
function isGroup(folder: string): boolean {
  const entries = readdirSync(folder, { withFileTypes: true });
  return entries.length > 0 && entries.every((entry) => entry.isDirectory());
}

/** The features of server/services, as paths from it: `campaigns`, and `mail/inbound` inside a group. */
function serviceFeatures(): string[] {
  return readdirSync(SERVICES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const folder = path.join(SERVICES, entry.name);
      if (!isGroup(folder)) return [entry.name];
      return readdirSync(folder, { withFileTypes: true })
        .filter((inner) => inner.isDirectory())
        .map((inner) => `${entry.name}/${inner.name}`);
    })
    .sort();
}

/** The feature of server/services a path lies in, or null outside them. */
function featureOf(features: string[]): (file: string) => string | null {
  return (file) => {
    const relative = path.relative(SERVICES, file).split(path.sep).join("/");
    return features.find((feature) => relative.startsWith(`${feature}/`)) ?? null;
  };
}

/** Folder → the folders it imports from, for the folders `folderOf` gives the files under `base`. */
function folderGraph(base: string, folderOf = directFolderOf(base)): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(base)) {
    const from = folderOf(file);
    if (!from) continue;
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const specifier of runtimeImports(file)) {
      const resolved = specifier.startsWith("@/")
        ? path.join(ROOT, specifier.slice(2))
        : specifier.startsWith(".")
          ? path.resolve(path.dirname(file), specifier)
          : null;
      const to = resolved && folderOf(resolved);
      if (to && to !== from) targets.add(to);
    }
  }
  return graph;
}

/** The groups of folders that import each other, directly or around a loop (Tarjan's components). */
function folderCycles(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return cycles;
}

/** Each folder of a cycle with the folders of the same cycle it imports, for the failure message. */
function describeCycles(graph: Map<string, Set<string>>, cycles: string[][]): string[] {
  return cycles.flatMap((group) => group.map((folder) => `${folder} → ${[...graph.get(folder)!].filter((to) => group.includes(to)).join(", ")}`));
}

describe("folder cycles", () => {
  it("finds a loop of two folders and a longer one, and not a chain", () => {
    const graph = new Map([
      ["campaigns", new Set(["leads"])],
      ["leads", new Set(["campaigns"])],
      ["senders", new Set(["workspaces"])],
      ["workspaces", new Set(["members"])],
      ["members", new Set(["senders"])],
      ["webhooks", new Set(["events"])],
      ["events", new Set<string>()],
    ]);
    expect(folderCycles(graph).sort()).toEqual([["campaigns", "leads"], ["members", "senders", "workspaces"]]);
    expect(folderCycles(new Map([["webhooks", new Set(["events"])]]))).toEqual([]);
  });

  it("reads the imports a file runs with, not its type-only ones", () => {
    const graph = folderGraph(SERVICES);
    // record-provider-activity hands campaigns an acceptance: linkedin-activity sits above campaigns.
    expect(graph.get("linkedin-activity")).toContain("campaigns");
    const providers = folderGraph(path.join(ROOT, "server"));
    // The LinkedIn provider only implements the forecast's OutcomeModel type.
    expect(providers.get("providers")).not.toContain("services");
    expect(providers.get("services")).toContain("providers");
  });

  it("takes a folder holding only folders as a group of features", () => {
    const features = serviceFeatures();
    expect(features).toContain("mail/inbound");
    expect(features).toContain("campaigns");
    expect(features).not.toContain("mail");
    const graph = folderGraph(SERVICES, featureOf(features));
    // Inbound mail stops and settles campaign leads; campaigns send through mail/sending.
    expect(graph.get("mail/inbound")).toContain("campaigns");
    expect(graph.get("campaigns")).toContain("mail/sending");
  });

  it("server/*: no two folders import each other", () => {
    const graph = folderGraph(path.join(ROOT, "server"));
    expect(describeCycles(graph, folderCycles(graph))).toEqual([]);
  });

  it("server/services: no two features import each other", () => {
    const graph = folderGraph(SERVICES, featureOf(serviceFeatures()));
    expect(describeCycles(graph, folderCycles(graph))).toEqual([]);
  });

  it.each(serviceFeatures())("server/services/%s/*: no two sub-folders import each other", (feature) => {
    const graph = folderGraph(path.join(SERVICES, feature));
    expect(describeCycles(graph, folderCycles(graph))).toEqual([]);
  });
});
