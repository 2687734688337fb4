// Shared helpers of the sandbox network over its tables.
import { randomUUID } from "node:crypto";
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { LinkedinProviderError } from "../types";
import { directorySize, sandboxDirectory } from "./directory";

export function sandboxId(prefix: string): string {
  return `${prefix}_${randomUUID().replace(/-/g, "").slice(0, 20)}`;
}

let directoryReady: Promise<void> | null = null;
const SEED_BATCH = 2000;

/** Seeds the directory of prospects (and their posts) once per database. */
export function ensureSandboxDirectory(): Promise<void> {
  directoryReady ??= (async () => {
    const existing = await db.sandboxMember.count({ where: { username: null } });
    if (existing >= directorySize()) return;
    const at = now();
    const prospects = sandboxDirectory();
    for (let start = 0; start < prospects.length; start += SEED_BATCH) {
      const batch = prospects.slice(start, start + SEED_BATCH);
      await db.sandboxMember.createMany({
        data: batch.map(({ posts: _posts, ...prospect }) => ({ ...prospect, createdAt: at })),
        skipDuplicates: true,
      });
      await db.sandboxPost.createMany({
        data: batch.flatMap((prospect) =>
          prospect.posts.map((post) => ({
            id: post.id,
            authorId: prospect.id,
            text: post.text,
            postedAt: new Date(at.getTime() - post.daysAgo * 86_400_000),
          })),
        ),
        skipDuplicates: true,
      });
    }
  })().catch((error: unknown) => {
    directoryReady = null;
    throw error;
  });
  return directoryReady;
}

/** Forgets that the directory was seeded (tests that reset the database). */
export function resetSandboxDirectoryCache(): void {
  directoryReady = null;
}

/** The signed-in session and its member, or the error LinkedIn would give. */
export async function activeSession(sessionId: string) {
  const session = await db.sandboxSession.findUnique({ where: { id: sessionId } });
  if (!session || session.state === "disconnected") {
    throw new LinkedinProviderError("session-expired", "The LinkedIn session ended; reconnect the sender");
  }
  if (session.state !== "ok") throw new LinkedinProviderError("session-expired", "The sender has not finished signing in");
  const member = await db.sandboxMember.findUniqueOrThrow({ where: { id: session.memberId } });
  if (member.restricted) throw new LinkedinProviderError("account-restricted", "LinkedIn restricted this account");
  return { session, member };
}

export function chatIdFor(a: string, b: string): string {
  return `sbchat_${[a, b].sort().join("_")}`;
}
