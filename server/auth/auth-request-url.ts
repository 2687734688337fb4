// The address Auth.js takes as Herald's own (its baseUrl: where sign-in and sign-out send the browser
// back, what callbacks are checked against). Auth.js reads it from the request's URL, which Next.js
// builds from the address Herald listens on: `http://0.0.0.0:3000` by default, a host no browser
// should be sent to. So the route handler hands Auth.js the request at the address the browser used:
//   - HERALD_URL when it is set: main.ts gives it to Auth.js as AUTH_URL, Auth.js's own setting,
//     which it applies to this route and to auth() alike (secure cookies when it is https);
//   - else the Host header the browser sent (Auth.js runs with trustHost, and auth() in pages reads
//     the same header), with the scheme Next.js recorded;
//   - else, for a request without a usable Host, http://localhost:PORT, where Herald prints it runs.

/** A Host header as browsers send it: a name or an address, with an optional port, nothing else. */
const HOST_HEADER = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The public address Auth.js should take, for AUTH_URL: HERALD_URL's origin (Auth.js reads a path as its base path). */
export function authUrlFor(heraldUrl: string | undefined): string | undefined {
  return heraldUrl ? new URL(heraldUrl).origin : undefined;
}

/** The origin this request was addressed to, as the browser sees it. */
export function browserOrigin(headers: Headers, fallbackPort: number): string {
  const host = headers.get("host")?.trim() ?? "";
  const https = (headers.get("x-forwarded-proto") ?? "").split(",")[0]!.trim().toLowerCase() === "https";
  if (HOST_HEADER.test(host) && !/^0\.0\.0\.0(?::|$)|^\[::\](?::|$)/.test(host)) {
    try {
      return new URL(`${https ? "https" : "http"}://${host}`).origin;
    } catch {
      // An out-of-range port: the fallback below.
    }
  }
  return `http://localhost:${fallbackPort}`;
}

/** The request's URL on the browser's origin, unless AUTH_URL is set (Auth.js then applies it itself). */
export function authRequestUrl(url: string, headers: Headers, options: { authUrl: string | undefined; port: number }): string {
  if (options.authUrl) return url;
  const parsed = new URL(url);
  return `${browserOrigin(headers, options.port)}${parsed.pathname}${parsed.search}`;
}
