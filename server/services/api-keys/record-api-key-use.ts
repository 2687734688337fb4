import { db } from "../../db/client";
import { now } from "../../lib/clock";
import { logger } from "../../lib/logger";

/** lastUsedAt is written at most this often per key, so that reads do not turn into writes. */
const RESOLUTION_MS = 60_000;
const MAX_TRACKED_KEYS = 10_000;

// When this process last wrote each key's lastUsedAt: concurrent requests that all read an old
// value write once, not once each. On globalThis so every bundled copy of this module shares it.
const slot = globalThis as { __heraldApiKeyUseWrites?: Map<string, number> };

/**
 * Records that a key was used, at most once a minute. The first use is awaited, so a new key stops
 * saying "Never" as soon as its first call answers; later ones are written after the response, as
 * a minute-old lastUsedAt is all they refresh. The update's condition keeps several processes from
 * writing the same minute twice.
 */
export async function recordApiKeyUse(apiKeyId: string, storedLastUsedAt: Date | null): Promise<void> {
  const current = now();
  const cutoff = new Date(current.getTime() - RESOLUTION_MS);
  if (storedLastUsedAt && storedLastUsedAt > cutoff) return;
  const writes = (slot.__heraldApiKeyUseWrites ??= new Map());
  const written = writes.get(apiKeyId);
  if (written !== undefined && written > cutoff.getTime()) return;
  if (writes.size >= MAX_TRACKED_KEYS) writes.clear();
  writes.set(apiKeyId, current.getTime());

  const write = db.apiKey
    .updateMany({
      where: { id: apiKeyId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: cutoff } }] },
      data: { lastUsedAt: current },
    })
    .then(
      () => undefined,
      (error: unknown) => logger.warn("Could not record an API key's last use", { apiKeyId, error }),
    );
  if (!storedLastUsedAt) await write;
}
