// The reverse proxy's `ask` (Caddy's on-demand TLS, scripts/compose/Caddyfile): before getting a
// certificate for a name it asks Herald, which says yes only for its own host and tracking hosts that
// were ever verified and still exist (their links already sent must keep answering), so nobody can
// make the proxy request certificates for any name pointed at it (the CA's rate limits would then lock
// out the real ones). Public, as the proxy asks without credentials: it reveals only whether a name
// is such a tracking host, which the host's own DNS and links say anyway.
import { normalizeHost } from "../../../domain/mail/tracking-domain";
import { publicUrl } from "../../../env";
import { isServingTrackingHost } from "./verified-tracking-hosts";

export async function mayIssueCertificate(name: string): Promise<boolean> {
  const host = normalizeHost(name);
  if (!host || host.length > 253) return false;
  if (host === new URL(publicUrl()).hostname.toLowerCase()) return true;
  return isServingTrackingHost(host);
}
