// The warmup tag and words: the header is recognised whatever its case, tags and e-mails are the
// same for the same key (planning twice writes the same mail) and differ between keys.
import { describe, expect, it } from "vitest";
import { isWarmupMail, WARMUP_HEADER, warmupMessage, warmupReply, warmupTag, warmupTagOf } from "./warmup-mail";

describe("warmup mail", () => {
  it("recognises the tag in lower-cased or original headers, and nothing else", () => {
    expect(isWarmupMail({ "x-herald-warmup": "hw1-abc" })).toBe(true);
    expect(isWarmupMail({ [WARMUP_HEADER]: "hw1-abc" })).toBe(true);
    expect(isWarmupMail({ "x-herald-warmup": " " })).toBe(false);
    expect(isWarmupMail({ subject: "Hello" })).toBe(false);
    expect(isWarmupMail(null)).toBe(false);
  });

  it("takes only a tag in the pool's format (anyone can write the header)", () => {
    const tag = warmupTag("<a@x.test>");
    expect(warmupTagOf({ "x-herald-warmup": ` ${tag} ` })).toBe(tag);
    expect(warmupTagOf({ "x-herald-warmup": "yes" })).toBeNull();
    expect(warmupTagOf({ "x-herald-warmup": "1" })).toBeNull();
    expect(warmupTagOf({ "x-herald-warmup": "hw1-" })).toBeNull();
    expect(warmupTagOf({ "x-herald-warmup": "hw1-ABC" })).toBeNull();
    expect(warmupTagOf({ "x-herald-warmup": `${tag} extra` })).toBeNull();
    expect(warmupTagOf({ "x-herald-warmup": `hw1-${"a".repeat(15)}` })).toBeNull();
    expect(isWarmupMail({ "x-herald-warmup": "true" })).toBe(false);
  });

  it("derives the same tag and words from the same key", () => {
    expect(warmupTag("<a@x.test>")).toBe(warmupTag("<a@x.test>"));
    expect(warmupTag("<a@x.test>")).not.toBe(warmupTag("<b@x.test>"));
    expect(warmupTag("<a@x.test>")).toMatch(/^hw1-[0-9a-z]+$/);
    const first = warmupMessage("<a@x.test>", { fromName: "Ann", toAddress: "bob.smith@y.test" });
    expect(warmupMessage("<a@x.test>", { fromName: "Ann", toAddress: "bob.smith@y.test" })).toEqual(first);
    expect(first.text).toMatch(/^(Hi|Hello|Hey|Good morning|Hi there) Bob,\n\n/);
    expect(first.text.trimEnd().endsWith("Ann")).toBe(true);
    const subjects = new Set(Array.from({ length: 40 }, (_, index) => warmupMessage(`<m${index}@x.test>`, { fromName: null, toAddress: "a@b.test" }).subject));
    expect(subjects.size).toBeGreaterThan(8);
  });

  it("replies with Re: and the original quoted", () => {
    const reply = warmupReply("<r@y.test>", { subject: "Catching up", text: "Hi Bob,\n\nHow are you?\n", fromAddress: "ann@x.test", sentAt: new Date("2026-03-02T10:00:00Z") });
    expect(reply.subject).toBe("Re: Catching up");
    expect(reply.text).toContain("ann@x.test wrote:\n> Hi Bob,\n>\n> How are you?");
    expect(warmupReply("<r@y.test>", { subject: "Re: Catching up", text: "x", fromAddress: "a@x.test", sentAt: new Date() }).subject).toBe("Re: Catching up");
  });
});
