import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { API_KEY_PREFIX, hashApiKey } from "./api-key-format";

/** lastUsedAt is written at most this often per key, to keep reads from turning into writes. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface ApiKeyIdentity {
  apiKeyId: string;
  /** The workspace the key was created in; X-Herald-Workspace may select another. */
  keyWorkspaceId: string;
  userId: string;
}

const unauthorized = (message: string) => new HeraldError({ code: "unauthorized", status: 401, message });

/** The identity behind an `Authorization` header value, or a 401 saying what is wrong. */
export async function authenticateApiKey(authorization: string | null): Promise<ApiKeyIdentity> {
  if (!authorization) throw unauthorized("Missing API key: send `Authorization: Bearer <API key>`.");
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match?.[1]) throw unauthorized("Malformed Authorization header: expected `Bearer <API key>`.");
  const key = match[1];
  if (!key.startsWith(API_KEY_PREFIX)) throw unauthorized("Invalid API key.");

  const row = await db.apiKey.findUnique({ where: { hashedKey: hashApiKey(key) } });
  if (!row) throw unauthorized("Invalid API key.");
  if (row.revokedAt) throw unauthorized("This API key was revoked.");
  // A key acts as its creator: it stops working when the creator leaves the key's workspace.
  const membership = await db.membership.findUnique({
    where: { workspaceId_userId: { workspaceId: row.workspaceId, userId: row.createdById } },
    select: { id: true },
  });
  if (!membership) throw unauthorized("This API key's creator is no longer a member of its workspace.");

  const current = now();
  if (!row.lastUsedAt || current.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db.apiKey.update({ where: { id: row.id }, data: { lastUsedAt: current } });
  }
  return { apiKeyId: row.id, keyWorkspaceId: row.workspaceId, userId: row.createdById };
}

/**
 * The actor for an API request. `requestedWorkspaceId` (X-Herald-Workspace) is honoured only by
 * operations that accept it, and only for a workspace the key's creator belongs to.
 */
export async function resolveApiActor(identity: ApiKeyIdentity, requestedWorkspaceId?: string | null): Promise<Actor> {
  const workspaceId = requestedWorkspaceId || identity.keyWorkspaceId;
  const membership = await db.membership.findUnique({
    where: { workspaceId_userId: { workspaceId, userId: identity.userId } },
  });
  if (!membership) {
    throw HeraldError.forbidden(
      "X-Herald-Workspace names a workspace this API key's creator does not belong to.",
      "workspace-not-allowed",
    );
  }
  return {
    userId: identity.userId,
    workspaceId,
    role: membership.role,
    canManageBilling: membership.canManageBilling,
    apiKeyId: identity.apiKeyId,
  };
}
