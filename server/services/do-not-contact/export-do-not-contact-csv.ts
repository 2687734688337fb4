// The workspace's list as CSV (RFC 4180, a header line), newest first: kind, value, reason in words,
// note, added at (ISO 8601, UTC), added by. An erased person's entry has no value: its kind reads
// "email (erased)" and its value is the hash it is matched by. Cells are formula-safe (server/lib/csv-line.ts).
// Read in keyset pages, so a long list is never one large result set.
import { db } from "../../db/client";
import type { DoNotContactEntry } from "../../db/generated/client";
import { reasonWords } from "../../domain/do-not-contact/words";
import type { Actor } from "../../lib/actor";
import { csvLine } from "../../lib/csv-line";

const PAGE = 5000;
const HEADER = ["kind", "value", "reason", "note", "added at", "added by"];

export async function exportDoNotContactCsv(actor: Actor): Promise<string> {
  const entries: DoNotContactEntry[] = [];
  for (;;) {
    const last = entries.at(-1);
    const page = await db.doNotContactEntry.findMany({
      where: {
        workspaceId: actor.workspaceId,
        ...(last ? { OR: [{ createdAt: { lt: last.createdAt } }, { createdAt: last.createdAt, id: { lt: last.id } }] } : {}),
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: PAGE,
    });
    entries.push(...page);
    if (page.length < PAGE) break;
  }
  const userIds = [...new Set(entries.flatMap((entry) => (entry.createdBy ? [entry.createdBy] : [])))];
  const users = userIds.length ? await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true, email: true } }) : [];
  const names = new Map(users.map((user) => [user.id, user.name || user.email]));
  const lines = entries.map((entry) =>
    csvLine([
      entry.value === null ? `${entry.kind} (erased)` : entry.kind,
      entry.value ?? entry.hash,
      reasonWords(entry.reason),
      entry.note ?? "",
      entry.createdAt.toISOString(),
      entry.createdBy ? (names.get(entry.createdBy) ?? "A former member") : "Herald",
    ]),
  );
  return [csvLine(HEADER), ...lines].join("\r\n") + "\r\n";
}
