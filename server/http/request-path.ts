// Which page a request is for, for the dashboard layout (a Next.js layout is not told its path).
// Herald's server (server/runtime/main.ts) writes the request's path into REQUEST_PATH_HEADER on
// every request, replacing whatever a client sent under that name, like the client's address.

export const REQUEST_PATH_HEADER = "x-herald-request-path";

/** The path of a request target, origin form or absolute (`/settings?tab=1` → `/settings`). */
export function requestPathOf(target: string | undefined): string {
  let path = target ?? "/";
  if (!path.startsWith("/")) {
    try {
      path = new URL(path).pathname;
    } catch {
      return "/";
    }
  }
  return path.split(/[?#]/, 1)[0] || "/";
}
