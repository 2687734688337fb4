"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { useEffect, useState } from "react";
import { ApprovalsBadge } from "@/components/approvals/approvals-badge";
import { approverMayVisit, homePathFor } from "@/server/lib/approver-access";
import type { TMembershipSummary, TRole } from "@/server/schemas/workspace";
import { InboxUnreadBadge } from "@/components/inbox/inbox-unread-badge";
import { Logo } from "./logo";
import { navItems, toolNavItems, type NavItem } from "./nav-items";
import { WorkspaceSwitcher } from "./workspace-switcher";

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" className="size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}

function NavLink({ item, pathname, showBadges }: { item: NavItem; pathname: string; showBadges: boolean }) {
  const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
  return (
    <Link
      href={item.href}
      aria-current={active ? "page" : undefined}
      className={`flex items-center gap-2.5 rounded-md px-2.5 py-2 text-sm font-medium ${
        active ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      }`}
    >
      <Icon path={item.icon} />
      {item.label}
      {showBadges && item.badge === "inbox-unread" && <InboxUnreadBadge />}
      {showBadges && item.badge === "approvals-pending" && <ApprovalsBadge />}
    </Link>
  );
}

const MENU_ID = "dashboard-navigation";

/** The sections a role may open: an approver's are Approvals and the Inbox (approver-access.ts). */
function visibleTo(role: TRole | null, items: NavItem[]): NavItem[] {
  return role === "approver" ? items.filter((item) => approverMayVisit(item.href)) : items;
}

/**
 * The dashboard's navigation: a fixed column from large screens up; on phones and tablets a
 * drawer behind a menu button in a top bar, so that pages get the whole width. The drawer closes
 * on navigation, on Escape and on a tap beside it.
 */
export function Sidebar({
  user,
  workspaces,
  activeWorkspaceId,
  role,
}: {
  user: { name: string | null; email: string };
  workspaces: TMembershipSummary[];
  activeWorkspaceId: string | null;
  /** The role in the active workspace; null without one. */
  role: TRole | null;
}) {
  const approver = role === "approver";
  const home = homePathFor(role);
  const tools = visibleTo(role, toolNavItems);
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  if (open && openedAt !== pathname) {
    setOpen(false);
    setOpenedAt(pathname);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <>
      <header className="sticky top-0 z-30 flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-2.5 lg:hidden">
        <Link href={home} aria-label="Herald home">
          <Logo />
        </Link>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => {
            setOpenedAt(pathname);
            setOpen((value) => !value);
          }}
          className="inline-flex items-center gap-2 rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
            <path d={open ? "M6 6l12 12M18 6 6 18" : "M4 7h16M4 12h16M4 17h16"} />
          </svg>
          Menu
        </button>
      </header>
      {open && <div aria-hidden="true" className="fixed inset-0 z-30 bg-slate-900/40 lg:hidden" onClick={() => setOpen(false)} />}
      <aside
        id={MENU_ID}
        aria-label="Navigation"
        className={`fixed inset-y-0 left-0 z-40 w-64 flex-col overflow-y-auto border-r border-slate-200 bg-white shadow-xl lg:sticky lg:top-0 lg:flex lg:h-screen lg:w-60 lg:shrink-0 lg:shadow-none ${
          open ? "flex" : "hidden"
        }`}
      >
        <div className="px-4 pt-5 pb-3">
          <Link href={home} aria-label="Herald home">
            <Logo />
          </Link>
        </div>
        <div className="px-3 pb-3">
          <WorkspaceSwitcher workspaces={workspaces} activeWorkspaceId={activeWorkspaceId} canCreate={!approver} />
        </div>
        <nav aria-label="Main" className="flex-1 space-y-0.5 px-3">
          {visibleTo(role, navItems).map((item) => (
            <NavLink key={item.href} item={item} pathname={pathname} showBadges={activeWorkspaceId !== null} />
          ))}
          {tools.length > 0 && (
            <div className="mt-4 border-t border-slate-200 pt-4">
              <p className="px-2.5 pb-1 text-[11px] font-semibold tracking-wide text-slate-400 uppercase">Testing</p>
              {tools.map((item) => (
                <NavLink key={item.href} item={item} pathname={pathname} showBadges={false} />
              ))}
            </div>
          )}
        </nav>
        <div className="space-y-1 border-t border-slate-200 px-3 py-3">
          {!approver && (
            <Link href="/api-reference" className="block rounded-md px-2.5 py-1.5 text-xs font-medium text-slate-500 hover:bg-slate-100">
              API reference
            </Link>
          )}
          <div className="flex items-center justify-between gap-2 px-2.5 pt-1">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-slate-800">{user.name ?? user.email}</p>
              <p className="truncate text-xs text-slate-500">{user.email}</p>
            </div>
            <button
              type="button"
              onClick={() => signOut({ callbackUrl: "/sign-in" })}
              className="shrink-0 rounded-md px-2 py-1 text-xs whitespace-nowrap text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              Sign out
            </button>
          </div>
        </div>
      </aside>
    </>
  );
}
