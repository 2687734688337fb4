import { db } from "../../db/client";
import { requireRole, type Actor } from "../../lib/actor";
import { parseInput } from "../../lib/zod-issues";
import { ZUpdateWorkspaceSettingsInput, type TWorkspace } from "../../schemas/workspace";
import { countSeatHolders } from "../senders/seat-holders";
import { toWorkspace } from "./to-workspace";

export async function updateWorkspaceSettings(actor: Actor, input: unknown): Promise<TWorkspace> {
  const changes = parseInput(ZUpdateWorkspaceSettingsInput, input);
  requireRole(actor, "admin", "change workspace settings");
  const row = await db.workspace.update({ where: { id: actor.workspaceId }, data: changes });
  return toWorkspace(row, await countSeatHolders(db, row.id));
}
