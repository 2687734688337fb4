import { describe, expect, it } from "vitest";
import { shortenText } from "./shorten-text";

describe("shortenText", () => {
  it("leaves text that fits alone", () => {
    expect(shortenText("Invalid signature.", 18)).toBe("Invalid signature.");
    expect(shortenText("", 5)).toBe("");
  });

  it("ends on the last whole sentence when that keeps at least half", () => {
    const text = "The signature did not match. Check the secret you configured for this endpoint and try again.";
    expect(shortenText(text, 50)).toBe("The signature did not match. …");
  });

  it("ends on the last whole word when no sentence end is in reach", () => {
    const text = "Signature mismatch: expected the header to carry the hex digest of the raw body";
    const short = shortenText(text, 40);
    expect(short).toBe("Signature mismatch: expected the header…");
    expect(Array.from(short).length).toBeLessThanOrEqual(40);
  });

  it("keeps a word that ends exactly at the limit", () => {
    expect(shortenText("alpha beta gamma", 11)).toBe("alpha beta…");
  });

  it("prefers a word end to a sentence end that would drop more than half", () => {
    const text = "No. The receiver answered with a long explanation that goes on and on";
    expect(shortenText(text, 40)).toBe("No. The receiver answered with a long…");
  });

  it("cuts a text without spaces between characters, never inside a surrogate pair", () => {
    expect(shortenText("abcdefghijklmnop", 8)).toBe("abcdefg…");
    const emoji = "😀".repeat(10);
    const short = shortenText(emoji, 5);
    expect(short).toBe("😀😀😀😀…");
    expect(short).not.toMatch(/\uFFFD/);
  });

  it.each([10, 25, 50, 99])("never returns more than %i characters", (max) => {
    const text = "Word after word. Sentence after sentence! Does it end? It does, somewhere around here, eventually. ".repeat(5);
    const short = shortenText(text, max);
    expect(Array.from(short).length).toBeLessThanOrEqual(max);
    expect(short.endsWith("…")).toBe(true);
    expect(text.startsWith(short.replace(/ ?…$/, ""))).toBe(true);
  });
});
