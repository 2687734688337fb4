// Auth.js's idea of Herald's own address: never the listening address 0.0.0.0 (issue 30, point 7).
import { describe, expect, it } from "vitest";
import { authUrlFor } from "./auth-request-url";

describe("AUTH_URL", () => {
  it("is HERALD_URL's origin when it is set", () => {
    expect(authUrlFor("https://herald.example.com/", 3000)).toBe("https://herald.example.com");
    expect(authUrlFor("https://herald.example.com/herald", 3000)).toBe("https://herald.example.com");
  });

  it("is localhost on the bound port otherwise", () => {
    expect(authUrlFor(undefined, 41234)).toBe("http://localhost:41234");
  });
});
