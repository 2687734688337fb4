import type { SenderAction } from "../../db/generated/client";
import { toIso } from "../../schemas/common";
import type { TDirectAction } from "../../schemas/direct-action";

export function toDirectAction(row: SenderAction): TDirectAction {
  return {
    id: row.id,
    accountId: row.accountId,
    leadId: row.leadId,
    type: row.type as TDirectAction["type"],
    status: row.status as TDirectAction["status"],
    profileUrl: row.profileUrl,
    publicIdentifier: row.publicIdentifier,
    postUrl: row.postUrl,
    note: row.note,
    error: row.error,
    sentAt: toIso(row.sentAt),
    acceptedAt: toIso(row.acceptedAt),
    withdrawnAt: toIso(row.withdrawnAt),
    createdAt: row.createdAt.toISOString(),
  };
}
