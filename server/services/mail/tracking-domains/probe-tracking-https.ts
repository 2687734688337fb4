// The HTTPS part of a tracking domain's check: once the host's CNAME points at Herald, one GET of
// https://<host>/t/health tells whether the reverse proxy in front of Herald answers for it with a
// valid certificate (docs/email-tracking.md). Its outcome is a warning, never a failure of the CNAME:
// a proxy with on-demand certificates gets one only at the first request. The connection goes only
// to the host the user gave, after its CNAME was found pointing at Herald, under the rule for
// user-given hosts (docs/security.md): public addresses only unless the installation allows private
// ones, checked against the address the socket uses; no redirect followed; five seconds at most.
import https from "node:https";
import { TRACKING_HEALTH_BODY } from "../../../domain/mail/tracking-domain";
import { allowPrivateTrackingHosts } from "../../../env";
import { publicOnlyLookup, RefusedTargetError, refusedHostReason } from "../../../lib/public-target";

export const HTTPS_PROBE_TIMEOUT_MS = 5_000;

export type HttpsProbe = (host: string) => Promise<string | null>;

const CERTIFICATE_ERRORS = /^(CERT_|ERR_TLS_CERT|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(GET|VERIFY)_|ERR_SSL_)/;

/** Why HTTPS on the host is not ready, in plain words; null when Herald answered there. */
export function probeTrackingHttps(host: string, options: { port?: number; ca?: string | Buffer; timeoutMs?: number } = {}): Promise<string | null> {
  const guard = !allowPrivateTrackingHosts();
  const refusedHost = guard ? refusedHostReason(host) : null;
  if (refusedHost) return Promise.resolve(`HTTPS was not checked: ${refusedHost}.`);
  const notYet = `HTTPS is not answering yet on ${host}: links need a reverse proxy with a certificate for it in front of Herald (docs: "Tracking domains").`;
  return new Promise((resolve) => {
    const request = https.get(
      {
        host,
        port: options.port ?? 443,
        path: "/t/health",
        servername: host,
        ca: options.ca,
        timeout: options.timeoutMs ?? HTTPS_PROBE_TIMEOUT_MS,
        lookup: guard ? publicOnlyLookup() : undefined,
        agent: false,
        headers: { "user-agent": "Herald tracking domain check" },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (body.length < 256) body += chunk;
        });
        response.on("end", () => {
          if (response.statusCode === 200 && body.trim() === TRACKING_HEALTH_BODY) resolve(null);
          else resolve(`https://${host} answers, but not as Herald (HTTP ${response.statusCode ?? "?"}): check that the reverse proxy for ${host} passes requests to Herald.`);
        });
        response.on("error", () => resolve(notYet));
      },
    );
    request.on("timeout", () => request.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })));
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error instanceof RefusedTargetError) return resolve(`HTTPS was not checked: ${error.message}.`);
      if (CERTIFICATE_ERRORS.test(error.code ?? "")) return resolve(`HTTPS on ${host} has no valid certificate yet (${error.code}): the reverse proxy gets one at the first request, so check again in a minute; if it stays, see the proxy's log.`);
      resolve(notYet);
    });
  });
}
