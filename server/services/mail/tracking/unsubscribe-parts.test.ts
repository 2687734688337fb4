import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "../../../env";
import { decodeUnsubscribeToken } from "./tracking-signature";
import { isMailtoUnsubscribeRequest, unsubscribeParts } from "./unsubscribe-parts";

let previousUrl: string | undefined;
beforeAll(() => {
  previousUrl = process.env.HERALD_URL;
  process.env.HERALD_URL = "https://herald.example.com";
  resetEnv();
});
afterAll(() => {
  if (previousUrl === undefined) delete process.env.HERALD_URL;
  else process.env.HERALD_URL = previousUrl;
  resetEnv();
});

const INPUT = {
  workspaceId: "wsp_1",
  address: " Ada@Example.org ",
  mailboxEmail: "sales@herald-user.example",
  text: "Not interested? {{unsubscribe}}",
  emailMessageId: "eml_1",
};

function tokenOf(url: string): string {
  const match = /^https:\/\/herald\.example\.com\/u\/([^/?#]+)$/.exec(url);
  expect(match).not.toBeNull();
  return match![1]!;
}

describe("unsubscribeParts", () => {
  it("puts the link where the placeholder is, in the text and the HTML line", () => {
    const parts = unsubscribeParts(INPUT);
    const url = /(https:\/\/\S+)/.exec(parts.text)![1]!;
    expect(parts.text).toBe(`Not interested? unsubscribe\n${url}`);
    expect(parts.html).toContain(`Not interested? <a href="${url}" style="color:inherit">unsubscribe</a>`);
    // The long address is only the link's target in HTML, never its words.
    expect(parts.html.replace(/href="[^"]*"/, "")).not.toContain("https://");
    expect(parts.html).toMatch(/^<p [^>]*>.*<\/p>$/);
  });

  it("appends the link to a line without the placeholder, and links the whole line in HTML", () => {
    const parts = unsubscribeParts({ ...INPUT, text: "Click <here> to stop & rest" });
    const url = /(https:\/\/\S+)$/.exec(parts.text)![1]!;
    expect(parts.text).toBe(`Click <here> to stop & rest\n${url}`);
    expect(parts.html).toContain(`<a href="${url}" style="color:inherit">Click &lt;here&gt; to stop &amp; rest</a>`);
  });

  it("uses a plain line when the campaign has none", () => {
    const parts = unsubscribeParts({ ...INPUT, text: "  " });
    expect(parts.text).toMatch(/^Unsubscribe\nhttps:\/\//);
  });

  it("gives the List-Unsubscribe headers for one-click unsubscribing (RFC 8058)", () => {
    const parts = unsubscribeParts(INPUT);
    const url = /(https:\/\/\S+)/.exec(parts.text)![1]!;
    expect(parts.headers).toEqual({
      "List-Unsubscribe": `<${url}>, <mailto:sales@herald-user.example?subject=unsubscribe>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("signs a token that says who unsubscribes from which workspace, through which e-mail", () => {
    const parts = unsubscribeParts({ ...INPUT, campaignLeadId: "cld_1" });
    const token = tokenOf(/(https:\/\/\S+)/.exec(parts.text)![1]!);
    expect(decodeUnsubscribeToken(token)).toEqual({
      workspaceId: "wsp_1",
      address: "ada@example.org",
      emailMessageId: "eml_1",
      campaignLeadId: "cld_1",
      mailboxEmail: "sales@herald-user.example",
    });
    expect(decodeUnsubscribeToken(tokenOf(/(https:\/\/\S+)/.exec(unsubscribeParts(INPUT).text)![1]!))?.campaignLeadId).toBeNull();
  });

  it("refuses a changed token", () => {
    const token = tokenOf(/(https:\/\/\S+)/.exec(unsubscribeParts(INPUT).text)![1]!);
    const [payload, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify([1, "wsp_other", "ada@example.org", "eml_1", null])).toString("base64url");
    expect(decodeUnsubscribeToken(`${forged}.${signature}`)).toBeNull();
    expect(decodeUnsubscribeToken(`${payload}.${signature!.slice(1)}`)).toBeNull();
    expect(decodeUnsubscribeToken(payload!)).toBeNull();
    expect(decodeUnsubscribeToken(`${token}.extra`)).toBeNull();
    expect(decodeUnsubscribeToken("")).toBeNull();
    expect(decodeUnsubscribeToken("not a token")).toBeNull();
  });
});

describe("isMailtoUnsubscribeRequest", () => {
  it("recognises the e-mail sent through the mailto: unsubscribe address, and nothing else", () => {
    for (const subject of ["unsubscribe", "Unsubscribe", " UNSUBSCRIBE ", "Re: unsubscribe"]) expect(isMailtoUnsubscribeRequest(subject), subject).toBe(true);
    for (const subject of ["Re: A question about your pipeline", "please unsubscribe me from this", "", "unsubscribed"]) expect(isMailtoUnsubscribeRequest(subject), subject).toBe(false);
  });
});
