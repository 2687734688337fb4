// Which page a browser is loading, for the dashboard layout (a Next.js layout is not told its path).
// Herald's server (server/runtime/main.ts) writes it into PAGE_LOAD_PATH_HEADER, replacing whatever
// a client sent under that name, like the client's address. Only for page loads: a navigation inside
// the app asks for the page's React payload (header `RSC`), renders no layout the browser already
// has, and must not be redirected by one (Next's router then refetches the target page forever).

export const PAGE_LOAD_PATH_HEADER = "x-herald-page-load-path";

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

/** The path of a page load, or null for a request of the app's router (or anything but a GET). */
export function pageLoadPath(request: { method?: string; url?: string; headers: Record<string, string | string[] | undefined> }): string | null {
  if (request.method !== "GET" || request.headers.rsc !== undefined) return null;
  return requestPathOf(request.url);
}
