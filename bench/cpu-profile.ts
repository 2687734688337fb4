// A V8 CPU profile of a stretch of a benchmark, and where its time went: each sample is charged to
// the code it was in (its own "self" frame), grouped into what a reader can act on — Herald's code,
// Prisma's client runtime, the pg driver, socket writes, the garbage collector, and so on.
import { readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  startTime: number;
  endTime: number;
}
/** A group's share of the main thread's samples, and the milliseconds that share stands for. */
export interface CpuShare {
  group: string;
  share: number;
  ms: number;
}

/** Starts profiling this process; `stop()` writes the profile to `file` and returns its breakdown. */
export async function startCpuProfile(file: string): Promise<{ stop(): Promise<CpuShare[]> }> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return {
    async stop() {
      const { profile } = await session.post("Profiler.stop");
      session.disconnect();
      writeFileSync(file, JSON.stringify(profile));
      return cpuBreakdown(profile as Profile);
    },
  };
}

/** The group a sample's own frame belongs to. */
export function groupOf(frame: { functionName: string; url: string }): string {
  const { functionName, url } = frame;
  if (functionName === "(idle)") return "idle (waiting for PostgreSQL or a timer)";
  if (functionName === "(garbage collector)") return "garbage collector";
  if (functionName === "writev" || functionName === "writeBuffer" || functionName === "writeUtf8String") return "socket writes (system calls)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg?.startsWith("@prisma/")) return "Prisma client runtime";
  if (pkg === "next") return "Next.js's request handling";
  if (pkg === "pg" || pkg?.startsWith("pg-")) return "pg driver";
  if (pkg) return "other libraries";
  if (!url || url.startsWith("node:")) return "Node internals (events, streams, timers)";
  if (/\/bench\//.test(url)) return "the benchmark itself";
  if (/\/\.next\/server\//.test(url)) return "Herald's code as Next bundles it (with zod and the libraries bundled in)";
  if (/\/\.herald\/main\.mjs/.test(url)) return "Herald's process entry (the request gate)";
  if (/\/server\/providers\/linkedin\/sandbox\//.test(url)) return "the sandbox network (Herald's test provider)";
  return "Herald's own code";
}

/** Each group's share of the samples, largest first (a sample stands for its slice of the profile's time). */
export function cpuBreakdown(profile: Profile): CpuShare[] {
  const groups = new Map(profile.nodes.map((node) => [node.id, groupOf(node.callFrame)]));
  const counts = new Map<string, number>();
  for (const sample of profile.samples) {
    const group = groups.get(sample) ?? "unknown";
    counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  const total = Math.max(1, profile.samples.length);
  const durationMs = (profile.endTime - profile.startTime) / 1000;
  return [...counts]
    .map(([group, count]) => ({ group, share: count / total, ms: (durationMs * count) / total }))
    .sort((a, b) => b.share - a.share);
}

/** Reads a profile file written by `node --cpu-prof`. */
export function readCpuProfile(file: string): Profile {
  return JSON.parse(readFileSync(file, "utf8")) as Profile;
}

/** The breakdown without the idle samples, shares of the busy time. */
export function busyBreakdown(breakdown: CpuShare[]): CpuShare[] {
  const busy = breakdown.filter((entry) => !entry.group.startsWith("idle"));
  const total = busy.reduce((sum, entry) => sum + entry.share, 0) || 1;
  return busy.map((entry) => ({ ...entry, share: entry.share / total }));
}

/** One line per group: "  41.0%  1.23 ms  Prisma client runtime", the milliseconds divided by `per`. */
export function formatBreakdown(breakdown: CpuShare[], per = 1, unit = ""): string {
  return breakdown.map(({ group, share, ms }) => `  ${(share * 100).toFixed(1).padStart(5)}%  ${(ms / per).toFixed(2).padStart(6)} ms${unit}  ${group}`).join("\n");
}
