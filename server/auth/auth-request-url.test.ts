// Auth.js's idea of Herald's own address: never the listening address 0.0.0.0 (issue 30, point 7).
import { describe, expect, it } from "vitest";
import { authRequestUrl, authUrlFor, browserOrigin } from "./auth-request-url";

const listening = "http://0.0.0.0:3000/api/auth/signout?x=1";

describe("Auth.js request address", () => {
  it("is the address the browser used when HERALD_URL is unset", () => {
    const headers = new Headers({ host: "herald.lan:3000", "x-forwarded-proto": "http" });
    expect(authRequestUrl(listening, headers, { authUrl: undefined, port: 3000 })).toBe("http://herald.lan:3000/api/auth/signout?x=1");
    expect(browserOrigin(new Headers({ host: "localhost:3000", "x-forwarded-proto": "https" }), 3000)).toBe("https://localhost:3000");
    expect(browserOrigin(new Headers({ host: "[::1]:3000" }), 3000)).toBe("http://[::1]:3000");
  });

  it("falls back to http://localhost:PORT for a missing, malformed or unspecified host", () => {
    for (const host of ["", "0.0.0.0:3000", "[::]:3000", "evil.test/path", "evil.test@x", "a b", "x:99999"]) {
      expect(browserOrigin(new Headers(host ? { host } : {}), 3000), host).toBe("http://localhost:3000");
    }
    expect(authRequestUrl(listening, new Headers(), { authUrl: undefined, port: 3000 })).toBe("http://localhost:3000/api/auth/signout?x=1");
  });

  it("leaves the request to Auth.js's AUTH_URL when HERALD_URL is set", () => {
    expect(authUrlFor("https://herald.example.com/")).toBe("https://herald.example.com");
    expect(authUrlFor("https://herald.example.com/herald")).toBe("https://herald.example.com");
    expect(authUrlFor(undefined)).toBeUndefined();
    const url = authRequestUrl(listening, new Headers({ host: "other.test" }), { authUrl: "https://herald.example.com", port: 3000 });
    expect(url).toBe(listening);
  });
});
