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
    <div className="min-h-screen lg:flex">
      <Sidebar user={user} workspaces={workspaces} activeWorkspaceId={actor?.workspaceId ?? null} />
      <main className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
        <div className="mx-auto max-w-6xl">{actor ? children : <NoWorkspace />}</div>
      </main>
    </div>
  );
}
