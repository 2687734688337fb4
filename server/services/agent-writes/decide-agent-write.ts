// The rules every decision on a held agent's write shares: who may decide, and that a write is
// decided once — of two people deciding at once, one claims it (a conditional UPDATE) and the other
// gets 409 `already-decided`.
import { db } from "../../db/client";
import type { PendingAgentWrite } from "../../db/generated/client";
import { requireNotAgentKey, requireRole, type Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";

const OUTCOME: Record<string, string> = { approved: "approved", rejected: "rejected", failed: "approved, but it failed" };

/**
 * Admins and owners decide: an approved write runs with the key's rights, which may reach the
 * workspace's settings and data. A key never decides its own writes.
 */
export async function claimAgentWrite(actor: Actor, id: string, status: "approved" | "rejected"): Promise<PendingAgentWrite> {
  requireRole(actor, "admin", "approve or reject agents' actions");
  requireNotAgentKey(actor, "approve or reject agents' actions");
  const row = await db.pendingAgentWrite.findFirst({ where: { id, workspaceId: actor.workspaceId } });
  if (!row) throw HeraldError.notFound("Agent action");
  if (actor.apiKeyId && actor.apiKeyId === row.apiKeyId) {
    throw new HeraldError({ code: "forbidden", message: "An API key cannot approve or reject its own actions: a person decides them." });
  }
  const decidedAt = now();
  const claimed = await db.pendingAgentWrite.updateMany({
    where: { id: row.id, status: "pending" },
    data: { status, decidedById: actor.userId, decidedAt },
  });
  if (claimed.count === 0) {
    const current = await db.pendingAgentWrite.findUnique({ where: { id: row.id }, select: { status: true } });
    throw new HeraldError({
      code: "already-decided",
      message: `This agent action was already ${OUTCOME[current?.status ?? ""] ?? "decided"}.`,
    });
  }
  return { ...row, status, decidedById: actor.userId, decidedAt };
}
