import { afterEach, describe, expect, it } from "vitest";
import { EnvError, parseEnv, resetEnv } from "../../../env";
import { notConfiguredMessage, oauthClient } from "./oauth-clients";
import { codeChallengeS256, idTokenClaims } from "./oauth-tokens";

const saved = { ...process.env };
afterEach(() => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
  resetEnv();
});

function configure(settings: Record<string, string>) {
  for (const name of Object.keys(process.env)) if (/^HERALD_(GOOGLE|MICROSOFT)_/.test(name)) delete process.env[name];
  Object.assign(process.env, settings);
  resetEnv();
}

describe("OAuth client settings", () => {
  it("offers a provider only with both its client id and secret", () => {
    configure({});
    expect(oauthClient("google")).toBeNull();
    expect(oauthClient("microsoft")).toBeNull();
    expect(notConfiguredMessage("google")).toBe(
      "Google mailboxes are not configured on this Herald: an administrator sets HERALD_GOOGLE_CLIENT_ID and HERALD_GOOGLE_CLIENT_SECRET",
    );
    expect(() => parseEnv({ HERALD_GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com" })).toThrow(/HERALD_GOOGLE_CLIENT_SECRET: is required with HERALD_GOOGLE_CLIENT_ID/);
    expect(() => parseEnv({ HERALD_MICROSOFT_CLIENT_SECRET: "secret" })).toThrow(/HERALD_MICROSOFT_CLIENT_ID: is required with HERALD_MICROSOFT_CLIENT_SECRET/);
  });

  it("uses Google's and Microsoft's endpoints and servers by default, the tenant in Microsoft's", () => {
    configure({ HERALD_GOOGLE_CLIENT_ID: "g-id", HERALD_GOOGLE_CLIENT_SECRET: "g-secret", HERALD_MICROSOFT_CLIENT_ID: "m-id", HERALD_MICROSOFT_CLIENT_SECRET: "m-secret", HERALD_MICROSOFT_TENANT: "organizations" });
    expect(oauthClient("google")).toMatchObject({
      authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
      tokenUrl: "https://oauth2.googleapis.com/token",
      smtp: { host: "smtp.gmail.com", port: 465, security: "tls" },
      imap: { host: "imap.gmail.com", port: 993, security: "tls" },
    });
    expect(oauthClient("microsoft")).toMatchObject({
      authorizeUrl: "https://login.microsoftonline.com/organizations/oauth2/v2.0/authorize",
      tokenUrl: "https://login.microsoftonline.com/organizations/oauth2/v2.0/token",
      smtp: { host: "smtp.office365.com", port: 587, security: "starttls" },
      imap: { host: "outlook.office365.com", port: 993, security: "tls" },
    });
  });

  it("reads mail server overrides as host:port:security and refuses other spellings", () => {
    configure({ HERALD_GOOGLE_CLIENT_ID: "g-id", HERALD_GOOGLE_CLIENT_SECRET: "g-secret", HERALD_GOOGLE_SMTP_SERVER: "127.0.0.1:2525:none" });
    expect(oauthClient("google")!.smtp).toEqual({ host: "127.0.0.1", port: 2525, security: "none" });
    for (const value of ["smtp.gmail.com:465", "smtp.gmail.com:465:ssl", "smtp.gmail.com:99999:tls"]) {
      expect(() => parseEnv({ HERALD_GOOGLE_SMTP_SERVER: value })).toThrow(EnvError);
    }
  });
});

describe("OAuth helpers", () => {
  it("computes the S256 challenge of RFC 7636's example", () => {
    expect(codeChallengeS256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
  });

  it("reads an id_token's claims and nothing from a malformed one", () => {
    const payload = Buffer.from(JSON.stringify({ sub: "1", email: "ada@example.com" })).toString("base64url");
    expect(idTokenClaims(`eyJhbGciOiJSUzI1NiJ9.${payload}.signature`)).toEqual({ sub: "1", email: "ada@example.com" });
    expect(idTokenClaims("not-a-jwt")).toEqual({});
    expect(idTokenClaims("a.bm90IGpzb24.c")).toEqual({});
  });
});
