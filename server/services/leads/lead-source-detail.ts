// Where within its source a lead came from, in words, for Lead.sourceDetail (docs/privacy.md): the
// CSV file's name, the API key's name, the member who added it. One query, before the leads are written.
import { db } from "../../db/client";
import { addedBy } from "../../domain/privacy/lead-source";
import type { Actor } from "../../lib/actor";

export async function leadSourceDetail(actor: Actor, source: string, fileName?: string | null): Promise<string | null> {
  if (source === "csv") return fileName?.trim() || null;
  if (source === "demo") return null;
  if (actor.apiKeyId) {
    const key = await db.apiKey.findUnique({ where: { id: actor.apiKeyId }, select: { name: true } });
    if (source === "api") return key?.name ?? null;
    return key ? `added through API key ${key.name}` : null;
  }
  const user = await db.user.findUnique({ where: { id: actor.userId }, select: { name: true, email: true } });
  return user ? addedBy(user.name || user.email) : null;
}
