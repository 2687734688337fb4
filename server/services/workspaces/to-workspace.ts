import type { Workspace } from "../../db/generated/client";
import type { TWorkspace } from "../../schemas/workspace";

export function toWorkspace(row: Workspace, usedSeats: number): TWorkspace {
  return {
    id: row.id,
    name: row.name,
    seats: { limit: row.seatLimit, used: usedSeats },
    aiCredits: { balance: row.aiCreditBalance },
    settings: {
      bypassWeeklyInvitationLimit: row.bypassWeeklyInvitationLimit,
      weeklyInvitationLimitFree: row.weeklyInvitationLimitFree,
      weeklyInvitationLimitPaid: row.weeklyInvitationLimitPaid,
      emailChannelEnabled: row.emailChannelEnabled,
      managedMailboxesEnabled: row.managedMailboxesEnabled,
      optOutStopsLinkedin: row.optOutStopsLinkedin,
      outcomeNames: row.outcomeNames,
      verificationMaxAgeDays: row.verificationMaxAgeDays,
      catchAllProbe: row.catchAllProbe,
      messageRetentionDays: row.messageRetentionDays,
      deliveryLogRetentionDays: row.deliveryLogRetentionDays,
      agentWritesNeedApproval: row.agentWritesNeedApproval,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
