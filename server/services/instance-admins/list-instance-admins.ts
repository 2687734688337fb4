import { db } from "../../db/client";
import type { TInstanceAdmin } from "../../schemas/instance-admins";
import { requireInstanceAdmin, type InstanceAdminCaller } from "./require-instance-admin";

/** The installation's instance administrators, the first first (instance administrators only). */
export async function listInstanceAdmins(caller: InstanceAdminCaller): Promise<TInstanceAdmin[]> {
  await requireInstanceAdmin(caller, "see the instance administrators");
  return db.user.findMany({ where: { instanceAdmin: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true, name: true, email: true } });
}
