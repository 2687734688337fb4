// The open pixel and tracked links through their route handlers, as a mail app reaches them.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { outboxEvents } from "@/server/test/factories";
import { seedTrackedEmail } from "@/server/test/tracked-email-seed";
import { addTracking } from "@/server/services/mail/tracking/tracking-links";
import { GET as openPixel } from "./o/[token]/route";
import { GET as followLink, HEAD as checkLink } from "./c/[token]/route";

/** The tracked link addTracking writes for a link of the e-mail, as a path and query on Herald. */
function trackedLink(token: string, url: string): URL {
  const html = addTracking(`<a href="${url}">x</a>`, { token, opens: false, clicks: true });
  return new URL(/href="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, "&"));
}

async function loadPixel(token: string) {
  const param = `${token}.gif`;
  const response = await openPixel(new Request(`http://herald.test/t/o/${param}`), { params: Promise.resolve({ token: param }) });
  return { status: response.status, type: response.headers.get("content-type"), cache: response.headers.get("cache-control"), bytes: Buffer.from(await response.arrayBuffer()) };
}

async function click(link: URL, method: "GET" | "HEAD" = "GET") {
  const token = decodeURIComponent(link.pathname.split("/").pop()!);
  const handler = method === "GET" ? followLink : checkLink;
  const response = await handler(new Request(link, { method }), { params: Promise.resolve({ token }) });
  return { status: response.status, location: response.headers.get("location"), text: await response.text() };
}

describe("GET /t/o/{token}.gif", () => {
  it("answers a transparent GIF and records the open", async () => {
    const seeded = await seedTrackedEmail();
    const pixel = await loadPixel(seeded.trackingToken);
    expect(pixel).toMatchObject({ status: 200, type: "image/gif" });
    expect(pixel.cache).toContain("no-store");
    expect(pixel.bytes.subarray(0, 6).toString("latin1")).toBe("GIF89a");
    expect((await db.emailMessage.findUniqueOrThrow({ where: { id: seeded.email.id } })).openedAt).toBeInstanceOf(Date);
    await loadPixel(seeded.trackingToken);
    expect(await outboxEvents(seeded.workspace.id, "email.opened")).toHaveLength(1);
  });

  it("answers the GIF for unknown and malformed tokens too", async () => {
    for (const token of ["unknown-token-unknown-token-1234", "%", "a".repeat(5000)]) {
      const pixel = await loadPixel(token);
      expect(pixel).toMatchObject({ status: 200, type: "image/gif" });
    }
  });
});

describe("GET /t/c/{token}", () => {
  it("redirects to the link and records the click with its address", async () => {
    const seeded = await seedTrackedEmail();
    const target = "https://example.org/pricing?plan=team&ref=mail#faq";
    const answer = await click(trackedLink(seeded.trackingToken, target));
    expect(answer).toMatchObject({ status: 302, location: target });
    const [event] = await outboxEvents(seeded.workspace.id, "email.clicked");
    expect(event!.data).toMatchObject({ url: target, campaignLeadId: seeded.campaignLead.id, accountId: seeded.mailbox.id });
    // Another link of the same e-mail still redirects, and fires nothing new.
    expect(await click(trackedLink(seeded.trackingToken, "https://example.org/other"))).toMatchObject({ status: 302, location: "https://example.org/other" });
    expect(await outboxEvents(seeded.workspace.id, "email.clicked")).toHaveLength(1);
  });

  it("refuses a link whose address or signature was changed: no open redirect, nothing recorded", async () => {
    const seeded = await seedTrackedEmail();
    const link = trackedLink(seeded.trackingToken, "https://example.org/pricing");
    const redirected = new URL(link);
    redirected.searchParams.set("u", "https://evil.example/phish");
    const unsigned = new URL(link);
    unsigned.searchParams.delete("s");
    const otherEmail = new URL(link.href.replace(encodeURIComponent(seeded.trackingToken), "someOtherTokenSomeOtherToken1234"));
    for (const bad of [redirected, unsigned, otherEmail]) {
      const answer = await click(bad);
      expect(answer.status).toBe(400);
      expect(answer.location).toBeNull();
      expect(answer.text).toContain("This link is not valid");
    }
    expect(await outboxEvents(seeded.workspace.id)).toEqual([]);
  });

  it("redirects links with addresses outside ASCII, encoded as a Location header must be", async () => {
    const seeded = await seedTrackedEmail();
    const answer = await click(trackedLink(seeded.trackingToken, "https://例え.jp/日本語?q=café"));
    expect(answer).toMatchObject({ status: 302, location: "https://xn--r8jz45g.jp/%E6%97%A5%E6%9C%AC%E8%AA%9E?q=caf%C3%A9" });
    expect(await outboxEvents(seeded.workspace.id, "email.clicked")).toHaveLength(1);
  });

  it("still redirects a validly signed link of an unknown e-mail", async () => {
    const answer = await click(trackedLink("tokenOfAnEmailThatIsGone0000000", "https://example.org/"));
    expect(answer).toMatchObject({ status: 302, location: "https://example.org/" });
  });

  it("answers link checkers' HEAD with the redirect and records no click", async () => {
    const seeded = await seedTrackedEmail();
    const answer = await click(trackedLink(seeded.trackingToken, "https://example.org/"), "HEAD");
    expect(answer).toMatchObject({ status: 302, location: "https://example.org/" });
    expect(await outboxEvents(seeded.workspace.id)).toEqual([]);
  });
});
