import type { PendingAgentWrite } from "../../db/generated/client";
import { toIso } from "../../schemas/common";
import { ZPendingAgentWriteStatus, type TPendingAgentWrite, type TPendingAgentWriteDetail } from "../../schemas/agent-writes";

export type PendingAgentWriteRow = PendingAgentWrite & { apiKey: { name: string } };

/** Include for a row read for the queue: the key's name is who asked. */
export const AGENT_WRITE_INCLUDE = { apiKey: { select: { name: true } } } as const;

function resultOf(value: unknown): TPendingAgentWrite["result"] {
  if (!value || typeof value !== "object") return null;
  const { status, body } = value as { status?: unknown; body?: unknown };
  return typeof status === "number" ? { status, body } : null;
}

export function toPendingAgentWrite(row: PendingAgentWriteRow): TPendingAgentWrite {
  return {
    id: row.id,
    operationId: row.operationId,
    method: row.method,
    path: row.path,
    summary: row.summary,
    requestedBy: row.apiKey.name,
    status: ZPendingAgentWriteStatus.parse(row.status),
    createdAt: row.createdAt.toISOString(),
    decidedAt: toIso(row.decidedAt),
    result: resultOf(row.result),
  };
}

export type PendingAgentWriteDetailRow = PendingAgentWriteRow & { decidedBy: string | null };

function strings(value: unknown): Record<string, string> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

export function toPendingAgentWriteDetail(row: PendingAgentWriteDetailRow): TPendingAgentWriteDetail {
  return {
    ...toPendingAgentWrite(row),
    input: { params: strings(row.params), query: strings(row.query), body: row.body ?? undefined },
    decidedBy: row.decidedBy,
  };
}
