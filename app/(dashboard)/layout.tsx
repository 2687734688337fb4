import type { ReactNode } from "react";
import { Sidebar } from "@/components/shell/sidebar";
import { requireDashboardSession } from "@/server/auth/dashboard-session";
import { listUserWorkspaces } from "@/server/services/workspaces/list-user-workspaces";
import { NoWorkspace } from "./no-workspace";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { user, actor } = await requireDashboardSession();
  const workspaces = await listUserWorkspaces(user.id);
  return (
    <div className="flex min-h-screen">
      <Sidebar user={user} workspaces={workspaces} activeWorkspaceId={actor?.workspaceId ?? null} />
      <main className="min-w-0 flex-1 px-8 py-8">
        <div className="mx-auto max-w-6xl">{actor ? children : <NoWorkspace />}</div>
      </main>
    </div>
  );
}
