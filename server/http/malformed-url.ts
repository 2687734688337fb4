// A request path whose percent-escapes do not decode (`%ff`, a lone `%`, `%zz`) is the client's
// mistake, but Next.js meets it while matching a route (decodeURIComponent throws) and answers 500
// text/plain. The request gate (request-gate.ts) asks here first and answers a plain 400 instead:
// the API's error shape under /api, a small text page for the rest (a person followed a broken link).
// The query string is left alone: Next and URLSearchParams keep an undecodable escape as it is, and
// each route validates its parameters (the public API names the one that is wrong).
import type { ServerResponse } from "node:http";
import { HeraldError, toErrorBody } from "../lib/errors";

/** Whether a piece of a URL decodes as percent-encoded UTF-8 (`+` and bare text always do). */
export function decodesCleanly(piece: string): boolean {
  if (!piece.includes("%")) return true;
  try {
    decodeURIComponent(piece);
    return true;
  } catch {
    return false;
  }
}

/** Whether every segment of a request path (query and fragment left out) decodes. */
export function pathDecodes(pathname: string): boolean {
  return pathname.split("/").every(decodesCleanly);
}

/** Answers a path that does not decode with a 400: JSON under /api, text for pages. */
export function answerMalformedPath(response: ServerResponse, api: boolean): true {
  const message = "The address's path has a malformed percent-escape (such as %ff or a lone %): it is not valid percent-encoded UTF-8.";
  const head = response.req?.method === "HEAD";
  if (api) {
    const { status, body } = toErrorBody(HeraldError.invalidInput(message, [{ field: "path", message: "is not valid percent-encoded UTF-8" }]));
    const text = JSON.stringify(body);
    response.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": String(Buffer.byteLength(text)) });
    response.end(head ? undefined : text);
    return true;
  }
  const text = `Bad request\n\n${message}\nCheck the link you followed, or go to the home page: /\n`;
  response.writeHead(400, { "content-type": "text/plain; charset=utf-8", "content-length": String(Buffer.byteLength(text)) });
  response.end(head ? undefined : text);
  return true;
}
