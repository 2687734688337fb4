import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import type { TCreditLedgerEntry, TGrantCreditsInput } from "../../schemas/credits";
import { requireInstanceAdmin } from "../instance-admins/require-instance-admin";
import { addAiCredits } from "./add-ai-credits";

/**
 * An instance administrator grants credits to a workspace (their active one unless another is named),
 * with a reason; the ledger row names them. Credits are an installation-level matter (issue 30): a
 * workspace owner or billing manager without the instance role is refused and buys credits instead
 * (buy-ai-credits.ts), and an API key never grants.
 */
export async function grantAiCredits(actor: Pick<Actor, "userId" | "workspaceId" | "apiKeyId">, input: TGrantCreditsInput): Promise<TCreditLedgerEntry> {
  await requireInstanceAdmin(actor, "grant AI credits");
  const workspaceId = input.workspaceId ?? actor.workspaceId;
  const [granter, workspace] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { name: true, email: true } }),
    db.workspace.findUnique({ where: { id: workspaceId }, select: { id: true } }),
  ]);
  if (!workspace) {
    throw new HeraldError({ code: "not-found", message: "Workspace not found: choose one of the installation's workspaces.", details: { fields: [{ field: "workspaceId", message: "is not a workspace of this installation" }] } });
  }
  const name = granter.name?.trim();
  return addAiCredits({
    workspaceId,
    amount: input.amount,
    source: "instance-admin",
    grantedBy: name ? `${name} (${granter.email})` : granter.email,
    reference: input.reason,
    userId: actor.userId,
  });
}
