import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { Sidebar } from "@/components/shell/sidebar";
import { ApproverPageGuard, WorkspaceRoleProvider } from "@/components/shell/workspace-role";
import { requireDashboardSession } from "@/server/auth/dashboard-session";
import { PAGE_LOAD_PATH_HEADER } from "@/server/http/request-path";
import { APPROVER_HOME, approverMayVisit } from "@/server/lib/approver-access";
import { listUserWorkspaces } from "@/server/services/workspaces/list-user-workspaces";
import { NoWorkspace } from "./no-workspace";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { user, actor } = await requireDashboardSession();
  const role = actor?.role ?? null;
  if (role === "approver") {
    // Every dashboard page but the approver's own sends them to Approvals, pages added later too: a
    // page load here, a navigation inside the app by ApproverPageGuard (see request-path.ts).
    const path = (await headers()).get(PAGE_LOAD_PATH_HEADER);
    if (path && !approverMayVisit(path)) redirect(APPROVER_HOME);
  }
  const workspaces = await listUserWorkspaces(user.id);
  return (
    <WorkspaceRoleProvider role={role}>
      <div className="min-h-screen lg:flex">
        <Sidebar user={user} workspaces={workspaces} activeWorkspaceId={actor?.workspaceId ?? null} role={role} />
        <main className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto max-w-6xl">{actor ? <ApproverPageGuard>{children}</ApproverPageGuard> : <NoWorkspace />}</div>
        </main>
      </div>
    </WorkspaceRoleProvider>
  );
}
