import { db } from "../../db/client";
import type { Actor, Role } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError, isHeraldError } from "../../lib/errors";
import { logger } from "../../lib/logger";
import { sharedLimiter } from "../rate-limits/attempt-limiter";
import { API_KEY_PREFIX, hashApiKey } from "./api-key-format";
import { apiKeyCacheGeneration, cachedApiKey, rememberApiKey, type CachedKeyRow } from "./api-key-cache";
import { recordApiKeyUse } from "./record-api-key-use";

export interface ApiKeyIdentity {
  apiKeyId: string;
  /** The workspace the key was created in; X-Herald-Workspace may select another. */
  keyWorkspaceId: string;
  userId: string;
  /** The creator's membership in the key's workspace, read together with the key. */
  membership: { role: Role; canManageBilling: boolean };
  /** ApiKey.agentKey: the key is an AI agent's. */
  agentKey: boolean;
}

/** Invalid keys one address may send in five minutes before it is refused without a look-up. */
export const INVALID_KEYS_PER_ADDRESS = 20;
// In memory, like the other limiters (see rate-limits/attempt-limiter.ts for why).
const invalidKeys = () => sharedLimiter("invalid-api-keys", { limit: INVALID_KEYS_PER_ADDRESS, windowMs: 5 * 60_000, maxKeys: 10_000 });

const unauthorized = (message: string) => new HeraldError({ code: "unauthorized", message });


/**
 * The identity behind an `Authorization` header value, or a 401 saying what is wrong. An address
 * that sent too many invalid keys gets a 429 before its key is even looked up.
 */
export async function authenticateApiKey(authorization: string | null, clientAddress: string): Promise<ApiKeyIdentity> {
  if (!authorization) throw unauthorized("Missing API key: send `Authorization: Bearer <API key>`.");
  const at = now().getTime();
  const guard = invalidKeys().check(clientAddress, at);
  if (!guard.allowed) {
    throw new HeraldError({
      code: "rate-limited",
      message: `Too many invalid API keys from your address: try again in ${guard.retryAfterSeconds} seconds.`,
      retryAfterSeconds: guard.retryAfterSeconds,
    });
  }
  try {
    return await identify(authorization);
  } catch (error) {
    if (isHeraldError(error) && error.status === 401) {
      const state = invalidKeys().hit(clientAddress, at);
      if (state.count === state.limit) {
        logger.warn("Invalid API keys throttled", { address: clientAddress, retryAfterSeconds: state.retryAfterSeconds });
      }
    }
    throw error;
  }
}

async function identify(authorization: string): Promise<ApiKeyIdentity> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match?.[1]) throw unauthorized("Malformed Authorization header: expected `Bearer <API key>`.");
  const key = match[1];
  if (!key.startsWith(API_KEY_PREFIX)) throw unauthorized("Invalid API key.");

  const row = await lookUpKey(hashApiKey(key));
  if (!row) throw unauthorized("Invalid API key.");
  if (row.revokedAt) throw unauthorized("This API key was revoked.");
  // A key acts as its creator: it stops working when the creator leaves the key's workspace.
  if (!row.role) throw unauthorized("This API key's creator is no longer a member of its workspace.");

  await recordApiKeyUse(row.id, row.lastUsedAt);
  return {
    apiKeyId: row.id,
    keyWorkspaceId: row.workspaceId,
    userId: row.createdById,
    membership: { role: row.role, canManageBilling: row.canManageBilling ?? false },
    agentKey: row.agentKey,
  };
}

/** The key and its creator's membership in the key's workspace: remembered, or one round trip. */
async function lookUpKey(hashedKey: string): Promise<CachedKeyRow | undefined> {
  const at = now().getTime();
  const cached = cachedApiKey(hashedKey, at);
  if (cached) return cached;
  const generation = apiKeyCacheGeneration();
  const [row] = await db.$queryRaw<CachedKeyRow[]>`
    SELECT k."id", k."workspaceId", k."createdById", k."lastUsedAt", k."revokedAt", k."agentKey",
           m."role"::text AS "role", m."canManageBilling"
    FROM "ApiKey" k
    LEFT JOIN "Membership" m ON m."workspaceId" = k."workspaceId" AND m."userId" = k."createdById"
    WHERE k."hashedKey" = ${hashedKey}`;
  if (row) rememberApiKey(hashedKey, row, at, generation);
  return row;
}

/**
 * The actor for an API request. `requestedWorkspaceId` (X-Herald-Workspace) is honoured only by
 * operations that accept it, and only for a workspace the key's creator belongs to.
 */
export async function resolveApiActor(identity: ApiKeyIdentity, requestedWorkspaceId?: string | null): Promise<Actor> {
  const workspaceId = requestedWorkspaceId || identity.keyWorkspaceId;
  const membership =
    workspaceId === identity.keyWorkspaceId
      ? identity.membership
      : await db.membership.findUnique({ where: { workspaceId_userId: { workspaceId, userId: identity.userId } } });
  if (!membership) {
    throw new HeraldError({
      code: "workspace-not-allowed",
      message: "X-Herald-Workspace names a workspace this API key's creator does not belong to.",
    });
  }
  return {
    userId: identity.userId,
    workspaceId,
    role: membership.role,
    canManageBilling: membership.canManageBilling,
    apiKeyId: identity.apiKeyId,
    agentKey: identity.agentKey,
  };
}
