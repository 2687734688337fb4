import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "../../../env";
import { addTracking } from "./tracking-links";
import { isValidClickSignature } from "./tracking-signature";

const TOKEN = "tok_abcdefghijklmnopqrstuvwx";
let previousUrl: string | undefined;

beforeAll(() => {
  previousUrl = process.env.HERALD_URL;
  process.env.HERALD_URL = "https://herald.example.com/";
  resetEnv();
});
afterAll(() => {
  if (previousUrl === undefined) delete process.env.HERALD_URL;
  else process.env.HERALD_URL = previousUrl;
  resetEnv();
});

/** The double-quoted hrefs (the form addTracking writes), decoded as a browser would read them. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/\shref="([^"]*)"/gi)].map((match) => match[1]!.replace(/&amp;/g, "&"));
}

function clicked(href: string): { token: string; url: string; signature: string } {
  const parsed = new URL(href);
  expect(`${parsed.origin}${parsed.pathname.replace(/[^/]+$/, "")}`).toBe("https://herald.example.com/t/c/");
  return { token: decodeURIComponent(parsed.pathname.split("/").pop()!), url: parsed.searchParams.get("u")!, signature: parsed.searchParams.get("s")! };
}

describe("addTracking: clicks", () => {
  it("sends http and https links through the signed click endpoint, keeping the original address", () => {
    const html = addTracking('<p>Hi <a href="https://example.org/pricing?a=1&amp;b=2#top">pricing</a> and <a href="http://example.org">home</a></p>', {
      token: TOKEN,
      opens: false,
      clicks: true,
    });
    const [first, second] = hrefs(html).map(clicked);
    expect(first).toMatchObject({ token: TOKEN, url: "https://example.org/pricing?a=1&b=2#top" });
    expect(second).toMatchObject({ token: TOKEN, url: "http://example.org" });
    expect(isValidClickSignature(first!.token, first!.url, first!.signature)).toBe(true);
    expect(html).toContain(">pricing</a>");
    expect(html).not.toContain("<img");
  });

  it("reads single-quoted, bare, upper-case and entity-encoded hrefs", () => {
    const html = addTracking(
      `<A HREF='https://example.org/a?x=1&#38;y=2'>one</A> <a class=button href=https://example.org/b>two</a> <a
        title="a > b, not href=https://evil.example" href="&#x68;ttps://example.org/c">three</a>`,
      { token: TOKEN, opens: false, clicks: true },
    );
    expect(hrefs(html).map((href) => clicked(href).url)).toEqual(["https://example.org/a?x=1&y=2", "https://example.org/b", "https://example.org/c"]);
    expect(html).toContain('title="a > b, not href=https://evil.example"');
    expect(html).toContain("class=button");
  });

  it("leaves mailto, tel, in-page anchors, Herald's own links and addresses written in the text alone", () => {
    const source = [
      '<a href="mailto:ada@example.org">mail</a>',
      '<a href="tel:+4912345">call</a>',
      '<a href="#section">jump</a>',
      '<a name="section">anchor</a>',
      '<a href="https://herald.example.com/u/abc.def">unsubscribe</a>',
      '<a href="https://herald.example.com/t/c/other?u=x&amp;s=y">tracked already</a>',
      '<a data-href="https://example.org/data">no href</a>',
      "<abbr title='https://example.org'>abbr</abbr>",
      "<p>Visit https://example.org/plain today</p>",
      '<a href="javascript:alert(1)">script</a>',
    ].join("\n");
    expect(addTracking(source, { token: TOKEN, opens: false, clicks: true })).toBe(source);
  });

  it("reads a tag as browsers do: the first href counts, and a tag that never ends is left as it is", async () => {
    const html = addTracking('<a href="https://example.org/first" HREF="https://example.org/second">x</a>', { token: TOKEN, opens: false, clicks: true });
    expect(clicked(hrefs(html)[0]!).url).toBe("https://example.org/first");
    expect(html).toContain('HREF="https://example.org/second"');

    const unclosed = '<a href="https://example.org/a">a</a> <a title="never closed> <a href="https://example.org/b">b</a>';
    const tracked = addTracking(unclosed, { token: TOKEN, opens: false, clicks: true });
    expect(hrefs(tracked).filter((href) => href.includes("/t/c/")).map((href) => clicked(href).url)).toEqual(["https://example.org/a"]);
    expect(tracked.endsWith('<a title="never closed> <a href="https://example.org/b">b</a>')).toBe(true);
    expect(addTracking("<p>ends in <a", { token: TOKEN, opens: false, clicks: true })).toBe("<p>ends in <a");
  });

  it("does not count a look-alike host as Herald's own", () => {
    const html = addTracking('<a href="https://herald.example.com.evil.example/x">x</a>', { token: TOKEN, opens: false, clicks: true });
    expect(clicked(hrefs(html)[0]!).url).toBe("https://herald.example.com.evil.example/x");
  });

  it("changes no link without clicks", () => {
    const source = '<a href="https://example.org">x</a>';
    expect(addTracking(source, { token: TOKEN, opens: false, clicks: false })).toBe(source);
  });
});

describe("addTracking: opens", () => {
  const pixel = `<img src="https://herald.example.com/t/o/${TOKEN}.gif" width="1" height="1" alt="" style="display:none">`;

  it("puts the pixel before the closing body tag", () => {
    expect(addTracking("<html><body><p>Hi</p></BODY></html>", { token: TOKEN, opens: true, clicks: false })).toBe(`<html><body><p>Hi</p>${pixel}</BODY></html>`);
  });

  it("appends the pixel to a fragment without a body", () => {
    expect(addTracking("<p>Hi</p>", { token: TOKEN, opens: true, clicks: false })).toBe(`<p>Hi</p>${pixel}`);
  });

  it("never tracks the pixel as a link", () => {
    const html = addTracking('<a href="https://example.org">x</a>', { token: TOKEN, opens: true, clicks: true });
    expect(html.endsWith(pixel)).toBe(true);
  });
});

describe("click signatures", () => {
  it("refuse another address, another token or a changed signature", () => {
    const { token, url, signature } = clicked(hrefs(addTracking('<a href="https://example.org/a">a</a>', { token: TOKEN, opens: false, clicks: true }))[0]!);
    expect(isValidClickSignature(token, url, signature)).toBe(true);
    expect(isValidClickSignature(token, "https://evil.example/", signature)).toBe(false);
    expect(isValidClickSignature(`${token}x`, url, signature)).toBe(false);
    expect(isValidClickSignature(token, url, `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`)).toBe(false);
    expect(isValidClickSignature(token, url, "")).toBe(false);
  });

  it("still accept links signed with the previous key after a key rotation", () => {
    const { token, url, signature } = clicked(hrefs(addTracking('<a href="https://example.org/a">a</a>', { token: TOKEN, opens: false, clicks: true }))[0]!);
    const current = process.env.HERALD_ENCRYPTION_KEY;
    try {
      process.env.HERALD_ENCRYPTION_KEY = "a-new-key-after-rotation";
      expect(isValidClickSignature(token, url, signature)).toBe(false);
      process.env.HERALD_ENCRYPTION_KEY_PREVIOUS = current;
      expect(isValidClickSignature(token, url, signature)).toBe(true);
    } finally {
      process.env.HERALD_ENCRYPTION_KEY = current;
      delete process.env.HERALD_ENCRYPTION_KEY_PREVIOUS;
    }
  });
});
