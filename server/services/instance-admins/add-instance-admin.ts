import { db } from "../../db/client";
import { HeraldError } from "../../lib/errors";
import type { TInstanceAdmin } from "../../schemas/instance-admins";
import { requireInstanceAdmin, type InstanceAdminCaller } from "./require-instance-admin";

/** Names another person (an account of this installation, by e-mail) an instance administrator. Safe to repeat. */
export async function addInstanceAdmin(caller: InstanceAdminCaller, input: { email: string }): Promise<TInstanceAdmin> {
  await requireInstanceAdmin(caller, "name instance administrators");
  const user = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (!user) {
    throw HeraldError.invalidInput(`Invalid email: no account of this installation has the address ${input.email} (invite them to a workspace first)`, [
      { field: "email", message: "has no account on this installation: invite them to a workspace first" },
    ]);
  }
  return db.user.update({ where: { id: user.id }, data: { instanceAdmin: true }, select: { id: true, name: true, email: true } });
}
