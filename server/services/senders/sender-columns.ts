// The Json columns of LinkedinAccount, read and written in one place: `checkpoint` (the pending
// verification step as Herald stored it), `limits` (an admin's cap overrides) and `ssi` (LinkedIn's
// Social Selling Index). Reading parses them with zod instead of trusting a cast.
import { z } from "zod";
import { jsonColumnReader, toJsonColumn, type JsonObject } from "../../lib/json-column";
import { ZCheckpointType, ZDailyCaps } from "../../schemas/sender";
import type { LimitOverrides } from "../../domain/sender-limits";

const ZStoredCheckpoint = z.object({
  type: ZCheckpointType,
  input: z.enum(["code", "phone", "none", "hosted"]),
  requestedAt: z.string(),
  canResend: z.boolean().default(false),
  canTryAnotherWay: z.boolean().default(false),
  hostedUrl: z.string().nullable().default(null),
  /**
   * Set when the step was asked of a sender that was connected before (a reconnect): where it goes
   * back to when the step fails or expires, since such a sender is never removed by a failed answer.
   */
  reconnectFrom: z.enum(["connected", "reconnect_required"]).nullable().optional(),
});
export type StoredCheckpoint = z.infer<typeof ZStoredCheckpoint>;
export type ReconnectFrom = NonNullable<StoredCheckpoint["reconnectFrom"]>;

const ZLimitOverrides = z.object({
  daily: ZDailyCaps.partial().optional(),
  weeklyInvitations: z.number().nullable().optional(),
}) satisfies z.ZodType<LimitOverrides>;

const ZSsiNumber = z.union([z.number(), z.string()]).nullable().optional();
const ZStoredSsi = z.object({
  score: ZSsiNumber,
  brand: ZSsiNumber,
  people: ZSsiNumber,
  insights: ZSsiNumber,
  relationships: ZSsiNumber,
  industryTop: ZSsiNumber,
  networkTop: ZSsiNumber,
  industryAverage: ZSsiNumber,
  networkAverage: ZSsiNumber,
  industryName: z.string().nullable().optional(),
  unavailable: z.boolean().optional(),
  syncedAt: z.string().optional(),
});

export const readCheckpoint = jsonColumnReader(ZStoredCheckpoint.nullable(), "sender checkpoint");
export const readLimitOverrides = jsonColumnReader(ZLimitOverrides.nullable(), "sender limits");
export const readSsi = jsonColumnReader(ZStoredSsi.nullable(), "sender SSI");

export function checkpointColumn(checkpoint: StoredCheckpoint): JsonObject {
  return toJsonColumn(checkpoint);
}

export function limitsColumn(limits: LimitOverrides): JsonObject {
  return toJsonColumn(limits);
}

export function ssiColumn(ssi: object): JsonObject {
  return toJsonColumn(ssi);
}
