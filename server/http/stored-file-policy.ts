// The headers of every answer at a stored file's address (/api/files/<key>), apart from the
// dashboard's: kept in their own small module because the request gate, which runs before Next,
// sets them too (see STORED_FILE_CSP).

/**
 * The policy of every file answer, whatever its bytes: a sandboxed document with an opaque origin
 * (no script, no forms, no same-origin access to Herald's API or cookies) that loads nothing. The
 * style allowance is for the browser's own image and audio viewers. The request gate sets it in
 * place of the dashboard's policy (server/http/request-gate.ts): Next does not replace a header
 * the gate set already, so the route's own would be dropped.
 */
export const STORED_FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** The headers every answer of a file address carries, the file's and the errors'. */
export const STORED_FILE_HEADERS = { "content-security-policy": STORED_FILE_CSP, "x-content-type-options": "nosniff" } as const;

/** Whether a request path is a stored file's address. */
export function isStoredFilePath(pathname: string): boolean {
  return pathname.startsWith("/api/files/");
}
