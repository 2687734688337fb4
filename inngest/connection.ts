// Where Herald's Inngest SDK finds its job runner, decided in one place. With any of the usual
// INNGEST_* settings it is that Inngest server (Inngest Cloud, a self-hosted server, the dev server)
// and nothing is embedded; with none, Herald's runtime starts the embedded executor and connects
// the SDK to it here, with the executor's own keys, instead of writing them into process.env.
//
// The connection is kept on globalThis: the runtime (bundled on its own) and the Next.js route
// handlers it serves run in one process but load their own copies of this module.

/** The settings that name an Inngest server, as the SDK reads them. */
export const INNGEST_SERVER_SETTINGS = [
  "INNGEST_BASE_URL",
  "INNGEST_API_BASE_URL",
  "INNGEST_EVENT_API_BASE_URL",
  "INNGEST_SIGNING_KEY",
  "INNGEST_EVENT_KEY",
  "INNGEST_DEV",
] as const;

type Settings = Record<string, string | undefined>;

/** Whether an Inngest server is configured (else Herald runs its jobs on the embedded executor). */
export function inngestServerConfigured(env: Settings = process.env): boolean {
  return INNGEST_SERVER_SETTINGS.some((name) => Boolean(env[name]));
}

/** How the SDK reaches the embedded executor: its event API and the keys it signs and accepts. */
export interface EmbeddedConnection {
  eventApiUrl: string;
  signingKey: string;
  eventKey: string;
  /**
   * The event API's answers without a socket (server/embedded-inngest/event-api.ts): the client's
   * requests to `eventApiUrl` go through it, from the runtime's copy of this module and Next's alike.
   */
  transport?: (url: string, init: RequestInit) => Promise<Response>;
}

const SLOT = Symbol.for("herald.embedded-inngest.connection");
const holder = globalThis as typeof globalThis & { [SLOT]?: EmbeddedConnection | null };

/** Points the SDK (client and serve handler) at the embedded executor; null disconnects it. */
export function connectToEmbeddedExecutor(connection: EmbeddedConnection | null): void {
  holder[SLOT] = connection;
}

/** The embedded executor the SDK is connected to, if any. */
export function embeddedConnection(): EmbeddedConnection | null {
  return holder[SLOT] ?? null;
}

/** Whether this process runs its jobs on the embedded executor. */
export function jobsRunEmbedded(): boolean {
  return embeddedConnection() !== null;
}

/** Whether events sent now reach a job runner: the embedded executor, or an Inngest server. */
export function jobRunnerConfigured(env: Settings = process.env): boolean {
  return jobsRunEmbedded() || inngestServerConfigured(env);
}

/** The keys requests to /api/inngest are signed with: the embedded executor's, or the server's. */
export function signingKeys(env: Settings = process.env): string[] {
  const embedded = embeddedConnection();
  if (embedded) return [embedded.signingKey];
  return [env.INNGEST_SIGNING_KEY, env.INNGEST_SIGNING_KEY_FALLBACK].filter((key): key is string => Boolean(key));
}

/** The SDK's fetch: a request to the embedded event API is answered in this process, anything else goes out. */
export async function embeddedAwareFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const connection = embeddedConnection();
  const request = input instanceof Request ? input : null;
  const url = new URL(request ? request.url : input.toString());
  if (!connection?.transport || url.origin !== new URL(connection.eventApiUrl).origin) return fetch(input, init);
  if (!request) return connection.transport(url.href, init ?? {});
  const copy = new Request(request, init);
  const hasBody = copy.method !== "GET" && copy.method !== "HEAD";
  return connection.transport(url.href, { method: copy.method, headers: copy.headers, body: hasBody ? await copy.text() : undefined });
}
