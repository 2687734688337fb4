// What dashboard pages and tRPC need from a session: the signed-in user and the actor in the active
// workspace. Pages redirect to sign-in; tRPC answers UNAUTHORIZED.
import { redirect } from "next/navigation";
import type { Actor } from "../lib/actor";
import { getActiveWorkspaceId } from "../services/workspaces/get-active-workspace-id";
import { resolveActor } from "../services/members/resolve-actor";
import { getUser } from "../services/users/get-user";
import { auth } from "./auth";

export async function getSessionUserId(): Promise<string | null> {
  const session = await auth();
  return session?.user?.id ?? null;
}

export async function getSessionActor(userId: string): Promise<Actor | null> {
  const workspaceId = await getActiveWorkspaceId(userId);
  if (!workspaceId) return null;
  return resolveActor(userId, workspaceId);
}

/** For dashboard pages: the signed-in user and actor, or a redirect to sign in. */
export async function requireDashboardSession() {
  const userId = await getSessionUserId();
  if (!userId) redirect("/sign-in");
  const user = await getUser(userId);
  if (!user) redirect("/sign-in");
  const actor = await getSessionActor(userId);
  return { user, actor };
}
