import { db } from "../../db/client";
import { requireNotAgentKey, requireRole, type Actor } from "../../lib/actor";
import type { TUpdateWorkspaceSettingsInput, TWorkspace } from "../../schemas/workspace";
import { countSeatHolders } from "../senders/seat-holders";
import { toWorkspace } from "./to-workspace";

export async function updateWorkspaceSettings(actor: Actor, changes: TUpdateWorkspaceSettingsInput): Promise<TWorkspace> {
  requireRole(actor, "admin", "change workspace settings");
  if (changes.agentWritesNeedApproval !== undefined) requireNotAgentKey(actor, "change whether agents' actions wait for approval");
  const row = await db.workspace.update({ where: { id: actor.workspaceId }, data: changes });
  return toWorkspace(row, await countSeatHolders(db, row.id));
}
