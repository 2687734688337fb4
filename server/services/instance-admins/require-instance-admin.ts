// Instance administrators stand above workspaces (issue 30): they grant AI credits to any workspace
// and name other instance administrators. The flag is read from the user's row on every call, so a
// removal holds at the next request; an API key acts for its workspace only, never as one.
import { db } from "../../db/client";
import { HeraldError } from "../../lib/errors";

export interface InstanceAdminCaller {
  userId: string;
  /** Set when the call came through an API key: refused whoever made the key. */
  apiKeyId?: string;
}

export async function isInstanceAdmin(userId: string): Promise<boolean> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { instanceAdmin: true } });
  return user?.instanceAdmin ?? false;
}

/** Throws 403 `forbidden` in plain words unless the caller is an instance administrator signed in to the dashboard. */
export async function requireInstanceAdmin(caller: InstanceAdminCaller, action: string): Promise<void> {
  if (caller.apiKeyId) {
    throw new HeraldError({ code: "forbidden", message: `An API key acts for its workspace only, never as an instance administrator: sign in to the dashboard to ${action}.` });
  }
  if (!(await isInstanceAdmin(caller.userId))) {
    throw new HeraldError({
      code: "forbidden",
      message: `Only an instance administrator can ${action}. Workspace owners buy credits under Settings → AI credits, or ask an instance administrator.`,
    });
  }
}

/**
 * The instance administrators' names, for the people who must ask them: members of every workspace
 * see them, so a name only, never an e-mail address (an administrator without a name is left out).
 */
export async function instanceAdminNames(): Promise<string[]> {
  const admins = await db.user.findMany({ where: { instanceAdmin: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { name: true } });
  return admins.flatMap((admin) => (admin.name?.trim() ? [admin.name.trim()] : []));
}
