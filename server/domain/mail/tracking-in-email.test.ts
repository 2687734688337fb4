import { describe, expect, it } from "vitest";
import { firstTrackedLink, openPixelToken } from "./tracking-in-email";

describe("tracking in an e-mail", () => {
  const html =
    '<p>Hi <a href="https://acme.test/plain">plain</a> and <a href="https://herald.test/t/c/tok_A-1?u=https%3A%2F%2Facme.test%2Fdemo%3Fa%3D1&amp;s=sig">demo</a></p>' +
    '<p><a href="https://herald.test/u/unsub.token">Unsubscribe</a></p><img src="https://herald.test/t/o/tok_A-1.gif" width="1" height="1" alt="">';

  it("finds the open pixel's token", () => {
    expect(openPixelToken(html)).toBe("tok_A-1");
    expect(openPixelToken("<p>No pixel</p>")).toBeNull();
    expect(openPixelToken(null)).toBeNull();
  });

  it("finds the first tracked link with the address it leads to", () => {
    expect(firstTrackedLink(html, "")).toEqual({ token: "tok_A-1", url: "https://acme.test/demo?a=1" });
    expect(firstTrackedLink('<a href="https://acme.test/x">x</a>', "")).toBeNull();
  });
});
