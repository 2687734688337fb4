// What a workspace's approvers may reach: the Approvals and Tasks queues and the Inbox, and the little the
// dashboard's shell needs to show them. One rule for every edge — tRPC (server/trpc/init.ts), the
// REST API (server/http/api-route.ts), the dashboard's pages (the dashboard layout and the sidebar)
// and the OpenAPI document — and closed by default: a procedure, endpoint or page added later stays
// out of an approver's reach until it is listed here. Pure, so the browser can use it too.

export const APPROVER_DENIED_MESSAGE = "Approvers can work the Approvals and Tasks queues and the Inbox only.";

/** Where an approver lands, and where a page closed to them sends them. */
export const APPROVER_HOME = "/approvals";

/**
 * tRPC procedures acting in a workspace. `x.*` opens a whole router, anything else one procedure.
 * The user-level procedures (workspaces list, switch, create) act in no workspace and are not
 * checked here: a role belongs to a workspace. Not `workspace.current`: it carries the workspace's
 * settings, seats and credit balance, and the shell has the role and name from the layout.
 */
const PROCEDURES = ["approvals.*", "tasks.*", "inbox.*"] as const;

/** /api/v1 operation paths (as in the OpenAPI document), each with everything below it. */
const API_PATHS = ["/pending-comments", "/pending-voice-notes", "/pending-ai-lines", "/tasks", "/conversations"] as const;

/** Dashboard pages, each with everything below it. */
const PAGES = ["/approvals", "/tasks", "/inbox"] as const;

function withinPrefix(path: string, prefix: string, separator: string): boolean {
  return path === prefix || path.startsWith(prefix + separator);
}

/** Whether an approver may call the tRPC procedure at `path` (e.g. `approvals.comments.approve`). */
export function approverMayCall(path: string): boolean {
  return PROCEDURES.some((entry) => (entry.endsWith(".*") ? withinPrefix(path, entry.slice(0, -2), ".") : path === entry));
}

/** Whether an approver's API key may use the /api/v1 operation at `path` (e.g. `/conversations/{id}`). */
export function approverMayUseApi(path: string): boolean {
  return API_PATHS.some((prefix) => withinPrefix(path, prefix, "/"));
}

/** Whether an approver may open the dashboard page at `pathname` (e.g. `/inbox`). */
export function approverMayVisit(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return PAGES.some((prefix) => withinPrefix(path, prefix, "/"));
}

/** The home: the outcomes of the workspace's campaigns (closed to approvers, like every page not listed above). */
export const HOME = "/analytics";

/** The page a signed-in person starts on in a workspace where they have `role`. */
export function homePathFor(role: string | null | undefined): string {
  return role === "approver" ? APPROVER_HOME : HOME;
}
