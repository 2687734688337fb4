// A stand-in for Google's and Microsoft's authorization servers, on loopback, answering in their
// documented shapes (Google: "Using OAuth 2.0 for Web Server Applications"; Microsoft identity
// platform: "OAuth 2.0 authorization code flow"):
//   GET  /{google|microsoft}/authorize  approves at once (302 to redirect_uri with code and state)
//                                       or denies (error=access_denied), as the test set it;
//   POST /{google|microsoft}/token      authorization_code (client id and secret, redirect_uri and
//                                       the PKCE S256 verifier checked) and refresh_token grants;
//                                       `{access_token, expires_in, refresh_token, scope,
//                                       token_type: "Bearer", id_token}` or `{error, error_description}`;
//   GET  /google/userinfo               `{sub, email, email_verified}` for a bearer access token.
// Grants can be revoked (the next refresh gets invalid_grant). id_tokens are unsigned JWTs: Herald
// reads the claims of an id_token it received straight from the token endpoint, which OpenID
// Connect allows without checking the signature (server/providers/mail/oauth/oauth-tokens.ts).
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeOauthProvider = "google" | "microsoft";

interface PendingCode {
  provider: FakeOauthProvider;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  email: string;
  subject: string;
  used: boolean;
}

interface Grant {
  provider: FakeOauthProvider;
  email: string;
  subject: string;
  scope: string;
  revoked: boolean;
}

export interface FakeOauthServer {
  url: string;
  /** The settings that point Herald at this server (client ids and secrets, endpoints). */
  env: Record<string, string>;
  /** Whether the authorize endpoint approves (the default) or the person refuses. */
  setDecision(decision: "approve" | "deny"): void;
  /** Who signs in at the next authorize. */
  signInAs(provider: FakeOauthProvider, email: string): void;
  /** Leave the email claim out of the id_token (Google: Herald must ask the userinfo endpoint). */
  omitEmailClaim(omit: boolean): void;
  /** Seconds the access tokens it issues live (3600 by default). */
  setExpiresIn(seconds: number): void;
  /** Revokes every grant of the address: its refresh tokens get invalid_grant from now on. */
  revoke(email: string): void;
  /** Whether an access token it issued is current for the address (what a mail server checks). */
  isValidAccessToken(email: string, accessToken: string): boolean;
  /** Every token request's form, oldest first. */
  tokenRequests: Array<Record<string, string>>;
  /** The query of every authorize request, oldest first. */
  authorizeRequests: Array<Record<string, string>>;
  close(): Promise<void>;
}

const CLIENTS: Record<FakeOauthProvider, { id: string; secret: string }> = {
  google: { id: "herald-test.apps.googleusercontent.com", secret: "GOCSPX-test-secret" },
  microsoft: { id: "6731de76-14a6-49ae-97bc-6eba6914391e", secret: "ms~test~secret" },
};

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

function unsignedJwt(claims: Record<string, unknown>): string {
  return `${base64url({ alg: "none", typ: "JWT" })}.${base64url(claims)}.`;
}

function token(prefix: string): string {
  return `${prefix}${randomBytes(24).toString("base64url")}`;
}

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", pragma: "no-cache" });
  response.end(JSON.stringify(body));
}

export async function startFakeOauthServer(): Promise<FakeOauthServer> {
  const codes = new Map<string, PendingCode>();
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, { email: string; expiresAt: number; refreshToken: string }>();
  const identities: Record<FakeOauthProvider, string> = { google: "ada@gmail.test", microsoft: "grace@outlook.test" };
  let decision: "approve" | "deny" = "approve";
  let omitEmail = false;
  let expiresIn = 3600;
  const tokenRequests: Array<Record<string, string>> = [];
  const authorizeRequests: Array<Record<string, string>> = [];
  let url = "";

  const subjectOf = (email: string) => createHash("sha256").update(email).digest("hex").slice(0, 21);

  /** Both document `{error, error_description}`; Microsoft adds its AADSTS error codes and trace ids. */
  function oauthError(response: ServerResponse, provider: FakeOauthProvider, status: number, error: string, description: string): void {
    if (provider === "google") return json(response, status, { error, error_description: description });
    json(response, status, {
      error,
      error_description: `AADSTS70000: ${description} Trace ID: ${randomBytes(8).toString("hex")}`,
      error_codes: [70000],
      timestamp: new Date().toISOString().replace("T", " ").slice(0, 19) + "Z",
      trace_id: randomBytes(16).toString("hex"),
      correlation_id: randomBytes(16).toString("hex"),
    });
  }

  function issue(provider: FakeOauthProvider, grant: Grant, refreshToken: string, withIdToken: boolean): Record<string, unknown> {
    const accessToken = token(provider === "google" ? "ya29." : "EwB");
    accessTokens.set(accessToken, { email: grant.email, expiresAt: Date.now() + expiresIn * 1000, refreshToken });
    const issuedAt = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> =
      provider === "google"
        ? { iss: "https://accounts.google.com", azp: CLIENTS.google.id, aud: CLIENTS.google.id, sub: grant.subject, email: grant.email, email_verified: true, iat: issuedAt, exp: issuedAt + 3600 }
        : {
            ver: "2.0",
            iss: "https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0",
            aud: CLIENTS.microsoft.id,
            sub: grant.subject,
            oid: "00000000-0000-0000-66f3-3332eca7ea81",
            tid: "9188040d-6c67-4c5b-b112-36a304b66dad",
            preferred_username: grant.email,
            ...(omitEmail ? {} : { email: grant.email }),
            iat: issuedAt,
            nbf: issuedAt,
            exp: issuedAt + 3600,
          };
    if (provider === "google" && omitEmail) delete claims.email;
    return {
      access_token: accessToken,
      expires_in: expiresIn,
      ...(provider === "microsoft" ? { ext_expires_in: expiresIn } : {}),
      scope: grant.scope,
      token_type: "Bearer",
      ...(withIdToken ? { id_token: unsignedJwt(claims) } : {}),
    };
  }

  function authorize(provider: FakeOauthProvider, query: URLSearchParams, response: ServerResponse): void {
    const params = Object.fromEntries(query);
    authorizeRequests.push(params);
    const redirect = params.redirect_uri;
    // Both show an error page of their own (no redirect) for an unknown client or redirect address.
    if (params.client_id !== CLIENTS[provider].id || !redirect) {
      response.writeHead(400, { "content-type": "text/plain" });
      response.end("Error 401: invalid_client. The OAuth client was not found.");
      return;
    }
    const back = new URL(redirect);
    if (params.state) back.searchParams.set("state", params.state);
    if (params.response_type !== "code" || params.code_challenge_method !== "S256" || !params.code_challenge) {
      back.searchParams.set("error", "invalid_request");
      back.searchParams.set("error_description", "response_type=code with an S256 code_challenge is required");
    } else if (decision === "deny") {
      back.searchParams.set("error", "access_denied");
      if (provider === "microsoft") back.searchParams.set("error_description", "AADSTS65004: User declined to consent to access the app.");
    } else {
      const code = token(provider === "google" ? "4/0A" : "M.C5");
      const email = identities[provider];
      codes.set(code, {
        provider,
        clientId: params.client_id,
        redirectUri: redirect,
        codeChallenge: params.code_challenge,
        scope: params.scope ?? "",
        email,
        subject: subjectOf(email),
        used: false,
      });
      back.searchParams.set("code", code);
      if (provider === "google") back.searchParams.set("scope", params.scope ?? "");
    }
    response.writeHead(302, { location: back.toString() });
    response.end();
  }

  async function tokenEndpoint(provider: FakeOauthProvider, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = await readForm(request);
    tokenRequests.push({ provider, ...form });
    let clientId = form.client_id;
    let clientSecret = form.client_secret;
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? "");
    if (basic) [clientId, clientSecret] = Buffer.from(basic[1]!, "base64").toString("utf8").split(":").map(decodeURIComponent);
    if (clientId !== CLIENTS[provider].id || clientSecret !== CLIENTS[provider].secret) {
      return oauthError(response, provider, 401, "invalid_client", "The client secret is invalid.");
    }
    if (form.grant_type === "authorization_code") {
      const pending = form.code ? codes.get(form.code) : undefined;
      if (!pending || pending.used || pending.provider !== provider) return oauthError(response, provider, 400, "invalid_grant", "Malformed auth code.");
      pending.used = true;
      if (form.redirect_uri !== pending.redirectUri) return oauthError(response, provider, 400, "redirect_uri_mismatch", "Bad Request");
      const challenge = form.code_verifier ? createHash("sha256").update(form.code_verifier).digest("base64url") : null;
      if (challenge !== pending.codeChallenge) return oauthError(response, provider, 400, "invalid_grant", "Invalid code verifier.");
      const refreshToken = token(provider === "google" ? "1//0g" : "M.C5_BAY.");
      const grant: Grant = { provider, email: pending.email, subject: pending.subject, scope: pending.scope, revoked: false };
      grants.set(refreshToken, grant);
      return json(response, 200, { ...issue(provider, grant, refreshToken, true), refresh_token: refreshToken });
    }
    if (form.grant_type === "refresh_token") {
      const grant = form.refresh_token ? grants.get(form.refresh_token) : undefined;
      if (!grant || grant.revoked || grant.provider !== provider) return oauthError(response, provider, 400, "invalid_grant", "Token has been expired or revoked.");
      if (provider === "google") return json(response, 200, issue(provider, grant, form.refresh_token!, false));
      // Microsoft rotates refresh tokens: the new one replaces the old, which keeps working a while.
      const rotated = token("M.C5_BAY.");
      grants.set(rotated, grant);
      return json(response, 200, { ...issue(provider, grant, rotated, true), refresh_token: rotated });
    }
    return oauthError(response, provider, 400, "unsupported_grant_type", `Invalid grant_type: ${form.grant_type ?? ""}`);
  }

  const server = createServer((request, response) => {
    const address = new URL(request.url ?? "/", url || "http://127.0.0.1");
    const [, provider, endpoint] = address.pathname.split("/");
    if (provider !== "google" && provider !== "microsoft") return json(response, 404, { error: "not_found" });
    if (endpoint === "authorize" && request.method === "GET") return authorize(provider, address.searchParams, response);
    if (endpoint === "token" && request.method === "POST") {
      tokenEndpoint(provider, request, response).catch((error: unknown) => json(response, 500, { error: String(error) }));
      return;
    }
    if (provider === "google" && endpoint === "userinfo") {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
      const issued = bearer ? accessTokens.get(bearer) : undefined;
      if (!issued || issued.expiresAt < Date.now()) return json(response, 401, { error: "invalid_request", error_description: "Invalid Credentials" });
      return json(response, 200, { sub: subjectOf(issued.email), email: issued.email, email_verified: true });
    }
    json(response, 404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    env: {
      HERALD_GOOGLE_CLIENT_ID: CLIENTS.google.id,
      HERALD_GOOGLE_CLIENT_SECRET: CLIENTS.google.secret,
      HERALD_GOOGLE_AUTHORIZE_URL: `${url}/google/authorize`,
      HERALD_GOOGLE_TOKEN_URL: `${url}/google/token`,
      HERALD_GOOGLE_USERINFO_URL: `${url}/google/userinfo`,
      HERALD_MICROSOFT_CLIENT_ID: CLIENTS.microsoft.id,
      HERALD_MICROSOFT_CLIENT_SECRET: CLIENTS.microsoft.secret,
      HERALD_MICROSOFT_AUTHORIZE_URL: `${url}/microsoft/authorize`,
      HERALD_MICROSOFT_TOKEN_URL: `${url}/microsoft/token`,
    },
    setDecision: (next) => {
      decision = next;
    },
    signInAs: (provider, email) => {
      identities[provider] = email;
    },
    omitEmailClaim: (omit) => {
      omitEmail = omit;
    },
    setExpiresIn: (seconds) => {
      expiresIn = seconds;
    },
    revoke: (email) => {
      for (const grant of grants.values()) if (grant.email === email) grant.revoked = true;
    },
    isValidAccessToken: (email, accessToken) => {
      const issued = accessTokens.get(accessToken);
      return Boolean(issued && issued.email === email && issued.expiresAt > Date.now() && !grants.get(issued.refreshToken)?.revoked);
    },
    tokenRequests,
    authorizeRequests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
