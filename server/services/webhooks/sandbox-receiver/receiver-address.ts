// Where the Sandbox's built-in webhook receiver lives: a route of Herald itself, on Herald's own
// origin, at SANDBOX_RECEIVER_PATH + a workspace's token. Herald's own deliveries to such a URL are
// recorded in-process (no outbound connection: see docs/security.md), so it passes the private-address
// guard without opening it to any user-given host.
import { env, publicUrl } from "../../../env";

export const SANDBOX_RECEIVER_PATH = "/api/sandbox/webhook-receiver/";
const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

/** The built-in receiver exists only on an installation that runs the sandbox network. */
export function sandboxReceiverEnabled(): boolean {
  return env().HERALD_LINKEDIN_PROVIDER === "sandbox";
}

export function sandboxReceiverUrl(token: string, origin = publicUrl()): string {
  return `${origin}${SANDBOX_RECEIVER_PATH}${token}`;
}

/**
 * The receiver token a webhook URL names, when it is this installation's built-in receiver (same
 * origin as HERALD_URL, the receiver's path, no query) and the sandbox is on; otherwise null.
 */
export function sandboxReceiverToken(url: string | URL, origin = publicUrl(), enabled = sandboxReceiverEnabled()): string | null {
  if (!enabled) return null;
  let target: URL;
  try {
    target = typeof url === "string" ? new URL(url) : url;
  } catch {
    return null;
  }
  if (target.origin !== new URL(origin).origin || target.search || target.hash || target.username || target.password) return null;
  if (!target.pathname.startsWith(SANDBOX_RECEIVER_PATH)) return null;
  const token = target.pathname.slice(SANDBOX_RECEIVER_PATH.length);
  return TOKEN.test(token) ? token : null;
}
