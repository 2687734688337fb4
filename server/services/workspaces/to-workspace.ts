import type { Workspace } from "../../db/generated/client";
import type { TWorkspace } from "../../schemas/workspace";

export function toWorkspace(row: Workspace): TWorkspace {
  return {
    id: row.id,
    name: row.name,
    seats: { limit: row.seatLimit },
    aiCredits: { balance: row.aiCreditBalance },
    settings: { bypassWeeklyInvitationLimit: row.bypassWeeklyInvitationLimit },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
