// An entry as the API and the Settings page show it, with the name of the member who added it: the
// members of a page are read in one query.
import type { DbClient } from "../../db/client";
import type { DoNotContactEntry } from "../../db/generated/client";
import type { TDoNotContactEntry } from "../../schemas/do-not-contact";

export async function toDoNotContactEntries(client: DbClient, rows: DoNotContactEntry[]): Promise<TDoNotContactEntry[]> {
  const userIds = [...new Set(rows.flatMap((row) => (row.createdBy ? [row.createdBy] : [])))];
  const users = userIds.length ? await client.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true, email: true } }) : [];
  const names = new Map(users.map((user) => [user.id, user.name || user.email]));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as TDoNotContactEntry["kind"],
    value: row.value,
    reason: row.reason as TDoNotContactEntry["reason"],
    note: row.note,
    // A member who has since left is named as such rather than by an id.
    addedBy: row.createdBy ? (names.get(row.createdBy) ?? "A former member") : null,
    createdAt: row.createdAt.toISOString(),
  }));
}
