// The workspace's list, newest first, by keyset (createdAt, id) so a deep page costs what the first
// does; filtered by kind and by the start of the value. An erased person's entry has no value: a
// search never finds it, the unfiltered list shows it.
import { db } from "../../db/client";
import type { Prisma } from "../../db/generated/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import { parseInput } from "../../lib/zod-issues";
import { ZListDoNotContactQuery, type TDoNotContactPage, type TListDoNotContactQuery } from "../../schemas/do-not-contact";
import { toDoNotContactEntries } from "./to-do-not-contact-entry";

function invalidCursor(): HeraldError {
  return HeraldError.invalidInput("Invalid query parameter cursor: is not a cursor this list gave (use paging.nextCursor as it is)", [
    { field: "cursor", message: "is not a cursor this list gave" },
  ]);
}

function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`, "utf8").toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
  const [at, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at ?? "");
  if (rest.length || !id || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(at ?? "") || Number.isNaN(createdAt.getTime())) throw invalidCursor();
  return { createdAt, id };
}

export async function listDoNotContactEntries(actor: Actor, input: TListDoNotContactQuery): Promise<TDoNotContactPage> {
  const query = parseInput(ZListDoNotContactQuery, input);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const where: Prisma.DoNotContactEntryWhereInput = { workspaceId: actor.workspaceId };
  if (query.kind) where.kind = query.kind;
  if (query.search) where.value = { startsWith: query.search.toLowerCase() };
  if (after) where.OR = [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }];
  const rows = await db.doNotContactEntry.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: await toDoNotContactEntries(db, page),
    paging: { limit: query.limit, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null },
  };
}
