// Serving a stored file at a signed address (GET and HEAD /api/files/<key>): the signature and
// expiry checked first, then the bytes under a type derived from the allow-list, in a sandbox so
// that nothing in them can run on Herald's origin, cached privately until the address expires,
// and byte ranges (206) so that audio players can seek and show a duration.
import { HeraldError, toErrorBody } from "../lib/errors";
import { logger } from "../lib/logger";
import { now } from "../lib/clock";
import { checkFileUrl } from "../lib/signed-file-url";
import { getFileStorage } from "../providers/storage";
import { canonicalMediaType, RASTER_IMAGE_MIME_TYPES, UPLOAD_MIME_TYPES } from "../schemas/media-types";
import { STORED_FILE_HEADERS } from "./stored-file-policy";


function errorResponse(error: HeraldError, method: string): Response {
  const { status, body } = toErrorBody(error);
  return new Response(method === "HEAD" ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...STORED_FILE_HEADERS },
  });
}

export type ByteRange = { start: number; end: number } | "unsatisfiable" | null;

/**
 * The one range a `Range: bytes=…` header asks for, inclusive, or null to send the whole file
 * (no header, another unit, several ranges, or a header that does not parse: RFC 9110 lets a
 * server ignore those), or "unsatisfiable" when it starts past the end.
 */
export function parseByteRange(header: string | null, size: number): ByteRange {
  if (!header) return null;
  const match = header.trim().match(/^bytes=(\d*)-(\d*)$/i);
  if (!match || (!match[1] && !match[2])) return null;
  if (size === 0) return "unsatisfiable";
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  if (match[2] && Number(match[2]) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

/**
 * The headers that say what the bytes are, derived from the allow-list and never copied from what
 * was stored: rows from before types were checked may hold "text/plain;,text/html" (which browsers
 * read as HTML) or a CR/LF. Audio and raster images are shown in place (players, <img>); every other
 * type Herald takes is a download under its own type; anything else a download of plain bytes.
 */
export function contentHeaders(storedType: string): Record<string, string> {
  const type = canonicalMediaType(storedType, UPLOAD_MIME_TYPES);
  if (type && (type.startsWith("audio/") || (RASTER_IMAGE_MIME_TYPES as readonly string[]).includes(type))) return { "content-type": type };
  return { "content-type": type ?? "application/octet-stream", "content-disposition": "attachment" };
}

export async function serveStoredFile(request: Request, key: string): Promise<Response> {
  const method = request.method.toUpperCase();
  const url = new URL(request.url);
  const expires = url.searchParams.get("expires");
  const at = now();
  const check = checkFileUrl(key, expires, url.searchParams.get("signature"), at);
  if (check === "expired") return errorResponse(new HeraldError({ code: "forbidden", message: "This file address has expired. Reload the page (or fetch the item again) for a new one." }), method);
  if (check !== "ok") return errorResponse(new HeraldError({ code: "forbidden", message: "This file address is not valid: it was changed or not made by this Herald." }), method);

  let stored;
  try {
    stored = await getFileStorage().get(key);
  } catch (error) {
    logger.error("Reading a stored file failed", { key, error });
    return errorResponse(new HeraldError({ code: "unavailable", message: "The file could not be read from storage just now; try again in a moment." }), method);
  }
  if (!stored) return errorResponse(new HeraldError({ code: "not-found", message: "This file is no longer stored." }), method);

  const size = stored.body.length;
  const remaining = Math.max(0, Number(expires) - Math.floor(at.getTime() / 1000));
  const headers: Record<string, string> = {
    ...contentHeaders(stored.contentType),
    "cache-control": `private, max-age=${remaining}`,
    ...STORED_FILE_HEADERS,
    "accept-ranges": "bytes",
  };
  const range = parseByteRange(request.headers.get("range"), size);
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${size}` } });
  }
  const body = range ? stored.body.subarray(range.start, range.end + 1) : stored.body;
  headers["content-length"] = String(body.length);
  if (range) headers["content-range"] = `bytes ${range.start}-${range.end}/${size}`;
  return new Response(method === "HEAD" ? null : new Uint8Array(body), { status: range ? 206 : 200, headers });
}
