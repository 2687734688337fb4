import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import type { TStoredFile } from "../../schemas/files";
import { toStoredFile } from "./to-stored-file";

/** One of the workspace's files, with a fresh signed address; another workspace's is not found. */
export async function getFile(actor: Actor, id: string): Promise<TStoredFile> {
  const row = await db.storedFile.findFirst({ where: { id, workspaceId: actor.workspaceId } });
  if (!row) throw HeraldError.notFound("File");
  return toStoredFile(row);
}
