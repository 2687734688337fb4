// A request target whose percent-escapes do not decode (`%ff`, a lone `%`, `%zz`) is the client's
// mistake, but Next.js meets it while matching a route (decodeURIComponent throws) and answers 500
// text/plain. The request gate (request-gate.ts) asks here first and answers a plain 400 instead:
// the API's error shape under /api, a small text page for the rest (a person followed a broken link).
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

/** Which part of the target fails to decode, `path` or `query`, or null when both decode. */
export function malformedPart(target: string): "path" | "query" | null {
  const hash = target.indexOf("#");
  const withoutFragment = hash === -1 ? target : target.slice(0, hash);
  const question = withoutFragment.indexOf("?");
  const path = question === -1 ? withoutFragment : withoutFragment.slice(0, question);
  const query = question === -1 ? "" : withoutFragment.slice(question + 1);
  if (!path.split("/").every(decodesCleanly)) return "path";
  // Query names and values are decoded one by one (and `+` is a space), as URLSearchParams does.
  if (!query.split("&").every((pair) => pair.split("=").every((piece) => decodesCleanly(piece.replace(/\+/g, " "))))) return "query";
  return null;
}

/** Answers a target that does not decode with a 400: JSON under /api, text for pages. */
export function answerMalformedUrl(response: ServerResponse, part: "path" | "query", api: boolean): true {
  const message = `The address's ${part} has a malformed percent-escape (such as %ff or a lone %): it is not valid percent-encoded UTF-8.`;
  const head = response.req?.method === "HEAD";
  if (api) {
    const { status, body } = toErrorBody(HeraldError.invalidInput(message, [{ field: part, message: "is not valid percent-encoded UTF-8" }]));
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
