import { db, Prisma } from "../../db/client";
import { HeraldError } from "../../lib/errors";
import { requireInstanceAdmin, type InstanceAdminCaller } from "./require-instance-admin";

/**
 * Takes the instance role from someone (themselves included), never from the last one: an
 * installation always has someone who can grant credits and name administrators. The count and the
 * change run under an advisory lock, so two administrators removing each other at once leave one.
 */
export async function removeInstanceAdmin(caller: InstanceAdminCaller, input: { userId: string }): Promise<void> {
  await requireInstanceAdmin(caller, "remove instance administrators");
  await db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('herald:instance-admins'))`;
      // Checked again under the lock: an administrator removed a moment ago removes nobody.
      const self = await tx.user.findUnique({ where: { id: caller.userId }, select: { instanceAdmin: true } });
      if (!self?.instanceAdmin) throw new HeraldError({ code: "forbidden", message: "Only an instance administrator can remove instance administrators." });
      const target = await tx.user.findUnique({ where: { id: input.userId }, select: { instanceAdmin: true } });
      if (!target?.instanceAdmin) throw HeraldError.notFound("Instance administrator");
      if ((await tx.user.count({ where: { instanceAdmin: true } })) <= 1) {
        throw new HeraldError({ code: "last-instance-admin", message: "This is the last instance administrator: name another one before removing them." });
      }
      await tx.user.update({ where: { id: input.userId }, data: { instanceAdmin: false } });
    },
    { isolationLevel: Prisma.TransactionIsolationLevel.ReadCommitted },
  );
}
