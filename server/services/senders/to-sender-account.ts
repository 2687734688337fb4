import { db, type DbClient } from "../../db/client";
import type { LinkedinAccount } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { toIso } from "../../schemas/common";
import type { TCheckpoint, TSenderAccount } from "../../schemas/sender";
import { countSenderUsage } from "./count-sender-usage";
import { resolveLimits } from "../../domain/sender-limits";
import { readCheckpoint, readLimitOverrides, readSsi, type ReconnectFrom, type StoredCheckpoint } from "./sender-columns";

/** Herald answers a checkpoint for five minutes after LinkedIn asked. */
export const CHECKPOINT_LIFETIME_MS = 5 * 60 * 1000;


/** Where a sender returns if its pending verification step fails: null for a first connect. */
export function reconnectOrigin(row: LinkedinAccount): ReconnectFrom | null {
  if (row.connectionStatus === "connected" || row.connectionStatus === "reconnect_required") return row.connectionStatus;
  if (row.connectionStatus === "checkpoint_required") return readCheckpoint(row.checkpoint)?.reconnectFrom ?? null;
  return null;
}

export function toCheckpoint(stored: StoredCheckpoint | null): TCheckpoint | null {
  if (!stored) return null;
  const expiresAt = new Date(new Date(stored.requestedAt).getTime() + CHECKPOINT_LIFETIME_MS);
  return {
    type: stored.type,
    input: stored.input,
    requestedAt: stored.requestedAt,
    expiresAt: expiresAt.toISOString(),
    expired: now() >= expiresAt,
    canResend: stored.canResend,
    canTryAnotherWay: stored.canTryAnotherWay,
    url: stored.hostedUrl,
  };
}

export async function toSenderAccount(row: LinkedinAccount, client: DbClient = db): Promise<TSenderAccount> {
  const workspace = await client.workspace.findUniqueOrThrow({
    where: { id: row.workspaceId },
    select: { weeklyInvitationLimitFree: true, weeklyInvitationLimitPaid: true, bypassWeeklyInvitationLimit: true },
  });
  const ssi = readSsi(row.ssi);
  return {
    id: row.id,
    label: row.label,
    fullName: row.fullName,
    firstName: row.firstName,
    lastName: row.lastName,
    headline: row.headline,
    publicIdentifier: row.publicIdentifier,
    profileUrl: row.profileUrl,
    profilePicture: row.profilePicture,
    connectionMethod: row.connectionMethod as TSenderAccount["connectionMethod"],
    connectedVia: row.connectedVia as TSenderAccount["connectedVia"],
    hostedLinkId: row.hostedLinkId,
    status: row.status,
    connectionStatus: row.connectionStatus as TSenderAccount["connectionStatus"],
    isVerified: row.isVerified,
    isPremium: row.isPremium,
    linkedinPlan: row.linkedinPlan as TSenderAccount["linkedinPlan"],
    error: row.error,
    limits: resolveLimits({ linkedinPlan: row.linkedinPlan, overrides: readLimitOverrides(row.limits), workspace }),
    usage: await countSenderUsage(row, client),
    paused: row.paused,
    pausedReason: row.pausedReason as TSenderAccount["pausedReason"],
    pausedAt: toIso(row.pausedAt),
    cooldownUntil: row.cooldownUntil && row.cooldownUntil > now() ? row.cooldownUntil.toISOString() : null,
    cooldownReason: row.cooldownUntil && row.cooldownUntil > now() ? row.cooldownReason : null,
    checkpoint: toCheckpoint(readCheckpoint(row.checkpoint)),
    inmailCredits: row.inmailBalance !== null && row.inmailSyncedAt ? { balance: row.inmailBalance, syncedAt: row.inmailSyncedAt.toISOString() } : null,
    ssi: ssi
      ? {
          score: Number(ssi.score ?? 0),
          brand: Number(ssi.brand ?? 0),
          people: Number(ssi.people ?? 0),
          insights: Number(ssi.insights ?? 0),
          relationships: Number(ssi.relationships ?? 0),
          industryTop: ssi.industryTop === null || ssi.industryTop === undefined ? null : Number(ssi.industryTop),
          networkTop: ssi.networkTop === null || ssi.networkTop === undefined ? null : Number(ssi.networkTop),
          industryAverage: ssi.industryAverage === null || ssi.industryAverage === undefined ? null : Number(ssi.industryAverage),
          networkAverage: ssi.networkAverage === null || ssi.networkAverage === undefined ? null : Number(ssi.networkAverage),
          industryName: ssi.industryName ?? null,
          unavailable: Boolean(ssi.unavailable),
          syncedAt: ssi.syncedAt ?? null,
        }
      : null,
    country: row.country,
    timezone: row.timezone,
    voiceId: row.voiceId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
