// Held agents' writes keep the input an agent sent, which may name people (leads' e-mails, notes):
// kept AGENT_WRITE_RETENTION_DAYS after they were decided, and a write nobody decided is dropped as
// long after it was asked for (docs/agent-approvals.md, docs/security.md). Hourly, with the other purges.
import { db } from "../../db/client";
import { now } from "../../lib/clock";

export const AGENT_WRITE_RETENTION_DAYS = 30;

export async function purgeAgentWrites(): Promise<{ agentWrites: number }> {
  const before = new Date(now().getTime() - AGENT_WRITE_RETENTION_DAYS * 86_400_000);
  const purged = await db.pendingAgentWrite.deleteMany({
    where: { OR: [{ status: { not: "pending" }, decidedAt: { lt: before } }, { status: "pending", createdAt: { lt: before } }] },
  });
  return { agentWrites: purged.count };
}
