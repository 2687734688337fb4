"use client";
import { usePathname } from "next/navigation";
import { createContext, useContext, useEffect, type ReactNode } from "react";
import { APPROVER_HOME, approverMayVisit } from "@/server/lib/approver-access";
import type { TRole } from "@/server/schemas/workspace";

const WorkspaceRoleContext = createContext<TRole | null>(null);

/**
 * The signed-in person's role in the active workspace, for the few places the dashboard shows
 * differently by role: an approver's navigation, the Inbox without pickers of lists closed to them.
 */
export function WorkspaceRoleProvider({ role, children }: { role: TRole | null; children: ReactNode }) {
  return <WorkspaceRoleContext.Provider value={role}>{children}</WorkspaceRoleContext.Provider>;
}

export function useWorkspaceRole(): TRole | null {
  return useContext(WorkspaceRoleContext);
}

export function useIsApprover(): boolean {
  return useWorkspaceRole() === "approver";
}

/**
 * Keeps an approver on their pages when they follow a link inside the app: the dashboard layout
 * redirects when a page loads, but a navigation in the browser does not render the layout again.
 * The way out is a page load, so that the server lays the page out for the role from the start; it
 * is rare, as an approver's pages link to no closed page.
 */
export function ApproverPageGuard({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const closed = useIsApprover() && !approverMayVisit(pathname);
  useEffect(() => {
    if (closed) window.location.replace(APPROVER_HOME);
  }, [closed]);
  return closed ? null : children;
}
