// Fetches a file a campaign step names by URL. A workspace member can read what was fetched back (a
// recorded voice note held for approval, the sandbox's received audio), so unless the installation
// allows private targets every hop must reach a public address: IP literals and localhost names are
// judged before connecting, names by the DNS answer the socket actually uses (publicOnlyLookup), and
// each redirect is judged again. The size limit is kept while reading, so a huge answer is cut off.
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { allowPrivateFileUrls } from "../../../env";
import { bareHostname, publicOnlyLookup, RefusedTargetError, refusedHostReason } from "../../../lib/public-target";

export const DOWNLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const DOWNLOAD_TIMEOUT_MS = 15_000;
export const DOWNLOAD_MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface DownloadedFile {
  body: Buffer;
  /** The answer's Content-Type as sent (it may carry parameters such as a codec). */
  contentType: string | null;
}

export interface DownloadOptions {
  /** What the file is, in words for the error messages: "attachment", "voice note's recording". */
  what: string;
  /** How names are resolved when private targets are refused (tests stand a local server in for a public host). */
  lookup?: LookupFunction;
  timeoutMs?: number;
}

class DownloadError extends Error {}

type Hop = { kind: "file"; file: DownloadedFile } | { kind: "redirect"; location: string };

function insideNetwork(what: string, reason: string, redirected: boolean): DownloadError {
  const where = redirected ? "redirected" : "points";
  return new DownloadError(`The ${what}'s address ${where} inside Herald's network: ${reason}. Use a public address or upload the file.`);
}

/** One GET, without following redirects: a redirect is handed back for the caller to judge. */
function getOnce(target: URL, redirected: boolean, options: DownloadOptions, lookup: LookupFunction | undefined, signal: AbortSignal): Promise<Hop> {
  const { what } = options;
  return new Promise<Hop>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      if (error instanceof RefusedTargetError) return reject(insideNetwork(what, error.message, redirected));
      if (signal.aborted) {
        return reject(new DownloadError(`The ${what}'s address at ${target.host} did not send the file within ${(options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS) / 1000} seconds.`));
      }
      if (error.code === "ENOTFOUND" || error.code === "EAI_AGAIN") return reject(new DownloadError(`The ${what}'s host ${target.hostname} does not resolve.`));
      if (error.code === "ECONNREFUSED") return reject(new DownloadError(`The ${what}'s address at ${target.host} refused the connection.`));
      if (error.code === "ECONNRESET") return reject(new DownloadError(`The ${what}'s address at ${target.host} closed the connection before the end of the file.`));
      reject(new DownloadError(`Could not fetch the ${what} from ${target.host}: ${error.message}`));
    };
    const transport = target.protocol === "https:" ? https : http;
    const request = transport.get(target, { headers: { "user-agent": "Herald/1.0" }, lookup, agent: false, signal }, (response) => {
      const status = response.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status) && response.headers.location) {
        response.destroy();
        return resolve({ kind: "redirect", location: response.headers.location });
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        return reject(new DownloadError(`Could not fetch the ${what} from ${target.host}: its address answered HTTP ${status}.`));
      }
      const tooLarge = () => new DownloadError(`The ${what} at ${target.host} is larger than 10 MB; upload a smaller file.`);
      if (Number(response.headers["content-length"]) > DOWNLOAD_MAX_BYTES) {
        response.destroy();
        return reject(tooLarge());
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > DOWNLOAD_MAX_BYTES) {
          response.destroy();
          return reject(tooLarge());
        }
        chunks.push(chunk);
      });
      response.on("end", () => resolve({ kind: "file", file: { body: Buffer.concat(chunks), contentType: response.headers["content-type"] ?? null } }));
      response.on("error", failed);
    });
    request.on("error", failed);
  });
}

/** Downloads `url`, following at most 3 redirects, each judged like the first address. */
export async function downloadFile(url: string, options: DownloadOptions): Promise<DownloadedFile> {
  const { what } = options;
  const guard = !allowPrivateFileUrls();
  // The whole download, redirects included, has one deadline: a chain of slow hops cannot stretch it.
  const signal = AbortSignal.timeout(options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS);
  const lookup = guard ? (options.lookup ?? publicOnlyLookup()) : undefined;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new DownloadError(`The ${what}'s address is not a valid URL.`);
  }
  for (let redirects = 0; ; redirects++) {
    if (target.protocol !== "http:" && target.protocol !== "https:") {
      throw new DownloadError(`The ${what}'s address ${redirects ? "redirected to" : "is"} a ${target.protocol.replace(/:$/, "")} address; Herald fetches files over http(s) only.`);
    }
    // IP literals never reach a lookup function, so they are judged here, on every hop.
    const refusedHost = guard ? refusedHostReason(bareHostname(target)) : null;
    if (refusedHost) throw insideNetwork(what, refusedHost, redirects > 0);
    const hop = await getOnce(target, redirects > 0, options, lookup, signal);
    if (hop.kind === "file") return hop.file;
    if (redirects === DOWNLOAD_MAX_REDIRECTS) {
      throw new DownloadError(`The ${what}'s address redirected more than ${DOWNLOAD_MAX_REDIRECTS} times; use the file's final address or upload the file.`);
    }
    try {
      target = new URL(hop.location, target);
    } catch {
      throw new DownloadError(`The ${what}'s address redirected to an address that is not a valid URL.`);
    }
  }
}
