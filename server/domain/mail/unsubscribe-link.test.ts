import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "../../env";
import { unsubscribeParts } from "../../services/mail/tracking/unsubscribe-parts";
import { splitUnsubscribeLinks, withShortUnsubscribeLinks } from "./unsubscribe-link";

let previousUrl: string | undefined;
beforeAll(() => {
  previousUrl = process.env.HERALD_URL;
  process.env.HERALD_URL = "https://herald.example.com/base";
  resetEnv();
});
afterAll(() => {
  if (previousUrl === undefined) delete process.env.HERALD_URL;
  else process.env.HERALD_URL = previousUrl;
  resetEnv();
});

describe("unsubscribe links in a message's text", () => {
  const line = () =>
    unsubscribeParts({ workspaceId: "wsp_1", address: "ada@example.org", mailboxEmail: "sales@example.com", text: "Not for you? {{unsubscribe}}", emailMessageId: "eml_1", campaignLeadId: "cld_1" }).text;

  it("finds the address the sending side makes, and only it", () => {
    const text = `Hi Ada,\nsee https://acme.example/u/pricing.html\n\n${line()}`;
    const url = /\n(https:\S+)$/.exec(text)![1]!;
    expect(splitUnsubscribeLinks(text)).toEqual([
      { kind: "text", text: "Hi Ada,\nsee https://acme.example/u/pricing.html\n\nNot for you? unsubscribe\n" },
      { kind: "unsubscribe", url },
    ]);
    expect(withShortUnsubscribeLinks(text)).toBe("Hi Ada,\nsee https://acme.example/u/pricing.html\n\nNot for you? unsubscribe\n[unsubscribe link]");
  });

  it("leaves a text without one as it is", () => {
    expect(splitUnsubscribeLinks("Thanks!")).toEqual([{ kind: "text", text: "Thanks!" }]);
    expect(splitUnsubscribeLinks("")).toEqual([]);
  });
});
