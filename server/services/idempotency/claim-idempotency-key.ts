import { db, Prisma } from "../../db/client";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";

/** Replays are honoured for a day after the first request. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A first request that has not finished after this long is taken to have died with its process. */
export const ABANDONED_AFTER_MS = 5 * 60 * 1000;

export interface IdempotencyClaim {
  apiKeyId: string;
  workspaceId: string;
  key: string;
  method: string;
  path: string;
  requestHash: string;
}

export type ClaimResult =
  | { kind: "claimed"; recordId: string }
  | { kind: "replay"; status: number; body: unknown };

/**
 * Claims an Idempotency-Key for a request. The first request gets `claimed` and must later
 * complete or release the record; a retry of the same request replays the stored response; the
 * same key with another request is a 409.
 */
export async function claimIdempotencyKey(claim: IdempotencyClaim): Promise<ClaimResult> {
  const current = now();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const record = await db.idempotencyRecord.create({
        data: { ...claim, createdAt: current, expiresAt: new Date(current.getTime() + IDEMPOTENCY_TTL_MS) },
      });
      return { kind: "claimed", recordId: record.id };
    } catch (error) {
      if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") throw error;
    }
    const existing = await db.idempotencyRecord.findUnique({
      where: { apiKeyId_key: { apiKeyId: claim.apiKeyId, key: claim.key } },
    });
    if (!existing) continue; // released meanwhile: try again
    const expired = existing.expiresAt <= current;
    const abandoned = existing.responseStatus === null && current.getTime() - existing.createdAt.getTime() > ABANDONED_AFTER_MS;
    if (expired || abandoned) {
      await db.idempotencyRecord.deleteMany({ where: { id: existing.id, createdAt: existing.createdAt } });
      continue;
    }
    if (existing.requestHash !== claim.requestHash) {
      throw new HeraldError({
        code: "idempotency-key-reused",
        message: "This Idempotency-Key was already used with a different request. Use a new key for a new request.",
      });
    }
    if (existing.responseStatus === null) {
      throw new HeraldError({
        code: "idempotency-key-in-use",
        message: "A request with this Idempotency-Key is still being processed; retry shortly.",
        retryAfterSeconds: 1,
      });
    }
    return { kind: "replay", status: existing.responseStatus, body: existing.responseBody };
  }
  throw new HeraldError({ code: "idempotency-key-in-use", message: "Could not claim the Idempotency-Key; retry the request." });
}

/** Stores the first response for replay. */
export async function completeIdempotencyKey(recordId: string, status: number, body: unknown): Promise<void> {
  await db.idempotencyRecord.update({
    where: { id: recordId },
    data: { responseStatus: status, responseBody: (body ?? Prisma.JsonNull) as Prisma.InputJsonValue },
  });
}

/** Forgets a claim whose request failed in a way a retry may fix (5xx, 429), so the retry runs again. */
export async function releaseIdempotencyKey(recordId: string): Promise<void> {
  await db.idempotencyRecord.deleteMany({ where: { id: recordId } });
}
