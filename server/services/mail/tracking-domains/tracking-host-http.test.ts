// The built Herald answering tracking links on a verified tracking host over real HTTP: an e-mail
// composed for a mailbox whose domain has a verified tracking domain links to https://track.<domain>;
// following its pixel and click with that Host records the open and the click; an unknown Host is
// refused, and the tracking host serves nothing but /t/ and /u/.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../../db/client";
import { startHeraldProcess, type HeraldProcess } from "../../../test/herald-process";
import { rawRequest } from "../../../test/raw-http";
import { startCaddyProxy } from "../../../test/caddy-proxy";
import { request as httpsRequest } from "node:https";
import { seedTrackedEmail } from "../../../test/tracked-email-seed";
import { composeCampaignEmail } from "../sending/compose-campaign-email";
import { findMailboxTrackingDomains } from "../tracking/find-mailbox-tracking-domains";

let herald: HeraldProcess;
let seeded: Awaited<ReturnType<typeof seedTrackedEmail>>;
let html: string;
const HOST = "track.acme.example";
const FAILING_HOST = "track.lapsed.example";
const PENDING_HOST = "track.pending.example";

beforeAll(async () => {
  seeded = await seedTrackedEmail();
  const at = new Date();
  await db.trackingDomain.create({ data: { workspaceId: seeded.workspace.id, host: HOST, domain: "acme.example", status: "verified", verifiedAt: at, checkedAt: at, createdAt: at, updatedAt: at } });
  // Verified once, failing now (its record was lost), and one never verified.
  await db.trackingDomain.create({ data: { workspaceId: seeded.workspace.id, host: FAILING_HOST, domain: "lapsed.example", status: "failing", verifiedAt: at, checkedAt: at, createdAt: at, updatedAt: at } });
  await db.trackingDomain.create({ data: { workspaceId: seeded.workspace.id, host: PENDING_HOST, domain: "pending.example", status: "pending", createdAt: at, updatedAt: at } });
  const composed = composeCampaignEmail({
    workspaceId: seeded.workspace.id,
    variant: { id: "a", subject: "Hi", html: '<p>See <a href="https://example.com/pricing">our pricing</a></p>' },
    thread: null,
    spin: { seed: `${seeded.campaignLead.id}:st_1:a` },
    fields: {},
    address: seeded.address,
    mailbox: { email: seeded.mailbox.email, signature: null, trackOpens: true, trackClicks: true },
    tracking: { opens: "on", clicks: "on" },
    unsubscribe: { enabled: true, text: "Not interested? {{unsubscribe}}" },
    trackingToken: seeded.trackingToken,
    emailMessageId: seeded.email.id,
    campaignLeadId: seeded.campaignLead.id,
    trackingDomains: await findMailboxTrackingDomains(seeded.mailbox),
  });
  html = composed.html;
  herald = await startHeraldProcess({
    databaseUrl: process.env.DATABASE_URL!,
    env: { HERALD_ENCRYPTION_KEY: process.env.HERALD_ENCRYPTION_KEY!, AUTH_SECRET: process.env.AUTH_SECRET! },
  });
}, 120_000);

afterAll(async () => {
  await herald?.kill("SIGKILL");
});

/** The addresses in the composed HTML: `src` of the pixel, `href` of the links. */
function addresses(attribute: "src" | "href"): URL[] {
  return [...html.matchAll(new RegExp(`${attribute}="([^"]+)"`, "g"))].map((match) => new URL(match[1]!.replace(/&amp;/g, "&")));
}

/** A request to Herald's socket for an address on the tracking host, as the proxy in front passes it. */
function follow(url: URL, host = url.host) {
  return rawRequest(herald.url, `${url.pathname}${url.search}`, { headers: { host } });
}

describe("tracking links on a verified tracking host (real process)", () => {
  it("composes the pixel, the click and the unsubscribe link on https://<tracking host>", () => {
    expect(addresses("src").map((url) => url.origin)).toEqual([`https://${HOST}`]);
    expect(addresses("href").map((url) => url.origin)).toEqual([`https://${HOST}`, `https://${HOST}`]);
  });

  it("records the open and the click followed with Host: the tracking host", async () => {
    const [pixel] = addresses("src");
    const opened = await follow(pixel!);
    expect(opened.status).toBe(200);
    expect(opened.headers["content-type"]).toBe("image/gif");
    expect(opened.headers["set-cookie"]).toBeUndefined();
    const click = addresses("href").find((url) => url.pathname.startsWith("/t/c/"))!;
    const clicked = await follow(click);
    expect(clicked.status).toBe(302);
    expect(clicked.headers.location).toBe("https://example.com/pricing");
    const email = await db.emailMessage.findUniqueOrThrow({ where: { id: seeded.email.id } });
    expect(email.openedAt).toBeInstanceOf(Date);
    expect(email.clickedAt).toBeInstanceOf(Date);
    const unsubscribe = addresses("href").find((url) => url.pathname.startsWith("/u/"))!;
    const page = await follow(unsubscribe);
    expect(page.status).toBe(200);
    expect(page.text).toContain(seeded.address);
  });

  it("refuses the same links on a host nobody verified, with a plain 404 and no redirect", async () => {
    const [pixel] = addresses("src");
    for (const host of ["evil.example", "track.acme.example.evil.example"]) {
      const refused = await follow(pixel!, host);
      expect(refused.status).toBe(404);
      expect(refused.headers.location).toBeUndefined();
      expect(refused.text).toContain("There is nothing at this address.");
    }
  });

  it("serves nothing but /t/ and /u/ on the tracking host: the dashboard, sign-in and the API are a plain 404", async () => {
    for (const path of ["/", "/sign-in", "/api/v1/campaigns", "/api/auth/session", "/settings"]) {
      const answer = await rawRequest(herald.url, path, { headers: { host: HOST } });
      expect(answer.status, path).toBe(404);
      expect(answer.headers.location).toBeUndefined();
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
    const health = await rawRequest(herald.url, "/t/health", { headers: { host: HOST } });
    expect(health).toMatchObject({ status: 200, text: "herald tracking ok" });
  });

  it("keeps answering links already sent on a host verified once whose check fails now, and serves nothing on a host never verified", async () => {
    const unsubscribe = addresses("href").find((url) => url.pathname.startsWith("/u/"))!;
    expect((await follow(unsubscribe, FAILING_HOST)).status).toBe(200);
    expect((await rawRequest(herald.url, "/sign-in", { headers: { host: FAILING_HOST } })).status).toBe(404);
    for (const path of [unsubscribe.pathname, "/", "/sign-in", "/api/auth/session"]) {
      const answer = await rawRequest(herald.url, path, { headers: { host: PENDING_HOST } });
      expect(answer.status, path).toBe(404);
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
    expect((await rawRequest(herald.url, `/api/tracking-domains/tls-ask?domain=${FAILING_HOST}`)).status).toBe(200);
    expect((await rawRequest(herald.url, `/api/tracking-domains/tls-ask?domain=${PENDING_HOST}`)).status).toBe(404);
  });

  it("judges the path with its dot segments resolved: no sign-in page through /t/../ on a tracking host", async () => {
    for (const path of ["/t/../sign-in", "/u/../api/auth/session", "/t/%2e%2e/sign-in"]) {
      const answer = await rawRequest(herald.url, path, { headers: { host: HOST } });
      expect(answer.status, path).toBe(404);
      expect(answer.text, path).toContain("There is nothing at this address.");
    }
    const [pixel] = addresses("src");
    expect((await rawRequest(herald.url, `/x/..${pixel!.pathname}`, { headers: { host: "evil.example" } })).status).toBe(404);
  });

  it("lets the proxy have certificates only for Herald's own host and verified tracking hosts", async () => {
    expect((await rawRequest(herald.url, `/api/tracking-domains/tls-ask?domain=${HOST}`)).status).toBe(200);
    expect((await rawRequest(herald.url, "/api/tracking-domains/tls-ask?domain=localhost")).status).toBe(200);
    expect((await rawRequest(herald.url, "/api/tracking-domains/tls-ask?domain=anything.example")).status).toBe(404);
    expect((await rawRequest(herald.url, "/api/tracking-domains/tls-ask")).status).toBe(404);
  });
});

/** A GET through the proxy's TLS port with this server name (SNI and Host), trusting only the proxy's local authority. */
function throughProxy(port: number, ca: string, host: string, path: string): Promise<{ status: number; contentType: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest({ host: "127.0.0.1", port, path, servername: host, headers: { host }, ca, timeout: 15_000 }, (res) => {
      res.resume();
      res.once("end", () => resolve({ status: res.statusCode ?? 0, contentType: res.headers["content-type"] }));
    });
    req.once("timeout", () => req.destroy(new Error("timed out")));
    req.once("error", reject);
    req.end();
  });
}

describe("the compose deployment's Caddy in front (scripts/compose/Caddyfile, real Caddy)", () => {
  it("gets a certificate for a verified tracking host and serves its pixel over HTTPS, and none for a host Herald does not vouch for", async () => {
    const proxy = await startCaddyProxy(herald.url);
    try {
      const ca = await proxy.rootCertificate();
      const [pixel] = addresses("src");
      // The first handshake for the name makes Caddy ask Herald (tls-ask), then issue the certificate.
      expect(await throughProxy(proxy.httpsPort, ca, HOST, pixel!.pathname)).toEqual({ status: 200, contentType: "image/gif" });
      await expect(throughProxy(proxy.httpsPort, ca, "anything.example", pixel!.pathname)).rejects.toThrow(/alert|handshake|socket/i);
    } finally {
      await proxy.close();
    }
  }, 60_000);
});

