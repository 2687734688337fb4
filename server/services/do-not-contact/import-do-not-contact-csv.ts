// Imports a CSV file onto the workspace's list (reason "csv"): the rows are read and refused by
// domain/do-not-contact/import-rows.ts, inserted in one transaction, and reported — how many were
// added, and by line which were already listed and which were refused and why.
import { db } from "../../db/client";
import { readImportRows } from "../../domain/do-not-contact/import-rows";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { parseInput } from "../../lib/zod-issues";
import {
  MAX_IMPORT_ROWS,
  MAX_REPORTED_ROWS,
  ZImportDoNotContactInput,
  type TImportDoNotContactInput,
  type TImportDoNotContactResult,
} from "../../schemas/do-not-contact";
import { insertEntries } from "./insert-entries";

export async function importDoNotContactCsv(actor: Actor, input: TImportDoNotContactInput): Promise<TImportDoNotContactResult> {
  const { csv } = parseInput(ZImportDoNotContactInput, input);
  const read = readImportRows(csv, MAX_IMPORT_ROWS);
  const inserted = await db.$transaction(
    (tx) => insertEntries(tx, { workspaceId: actor.workspaceId, entries: read.rows, reason: "csv", createdBy: actor.userId, at: now() }),
    { timeout: 120_000 },
  );
  const fresh = new Set(inserted.map((row) => row.hash));
  const alreadyListed: Array<{ line: number; value: string }> = [];
  for (const row of read.rows) {
    // The first row of a value that was inserted added it; any later row of the same value found it listed.
    if (fresh.has(row.hash)) fresh.delete(row.hash);
    else alreadyListed.push({ line: row.line, value: row.given });
  }
  return {
    rows: read.count,
    added: inserted.length,
    alreadyListed: { count: alreadyListed.length, rows: alreadyListed.slice(0, MAX_REPORTED_ROWS) },
    refused: { count: read.refused.length, rows: read.refused.slice(0, MAX_REPORTED_ROWS) },
  };
}
