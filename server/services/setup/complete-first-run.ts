import { db, Prisma } from "../../db/client";
import { hashPassword } from "../../lib/crypto";
import { HeraldError } from "../../lib/errors";
import type { TFirstRunInput } from "../../schemas/account-user";

/**
 * Creates the first owner and their workspace; the first owner is the installation's instance
 * administrator (server/services/instance-admins). Only possible while no user exists; the check and
 * the insert run under an advisory lock so two simultaneous first runs cannot both succeed.
 */
export async function completeFirstRun(input: TFirstRunInput): Promise<{ userId: string; workspaceId: string }> {
  const { name, email, password, workspaceName } = input;
  const passwordHash = await hashPassword(password);
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('herald:first-run'))`;
    if ((await tx.user.count()) > 0) {
      throw new HeraldError({ code: "already-set-up", message: "Herald is already set up: sign in, or ask an owner to invite you." });
    }
    const user = await tx.user.create({ data: { name, email, passwordHash, instanceAdmin: true } });
    const workspace = await tx.workspace.create({ data: { name: workspaceName } });
    await tx.membership.create({ data: { workspaceId: workspace.id, userId: user.id, role: "owner", canManageBilling: true } });
    await tx.user.update({ where: { id: user.id }, data: { activeWorkspaceId: workspace.id } });
    return { userId: user.id, workspaceId: workspace.id };
  }, { isolationLevel: Prisma.TransactionIsolationLevel.ReadCommitted });
}
