// The SNS signing certificate's address and cache: an address with a query or a fragment is
// refused (one certificate must not become many addresses), and fetched certificates are kept in a
// bounded cache, the least recently used going first. Certificates come from a loopback stand-in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalHttpFake, type LocalHttpFake } from "@/server/test/fakes/local-http-fake";
import { fetchSnsCertificate, isSnsUrl, MAX_CACHED_CERTIFICATES } from "./sns-message";

const TOPIC = "arn:aws:sns:eu-west-1:123456789012:herald-ses";
const PEM = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";

let server: LocalHttpFake;

beforeAll(async () => {
  server = await startLocalHttpFake(() => ({ status: 200, headers: { "content-type": "application/x-pem-file" }, body: PEM }));
});
afterAll(async () => {
  await server?.close();
});

describe("isSnsUrl for a signing certificate", () => {
  it("takes SNS's own .pem address for the topic's region", () => {
    expect(isSnsUrl("https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-abc.pem", TOPIC, null, "certificate")).toBe(true);
    expect(isSnsUrl("https://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem", TOPIC, null, "certificate")).toBe(false);
  });

  it("refuses a query or a fragment, also under the tests' prefix", () => {
    expect(isSnsUrl("https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-abc.pem?x=1", TOPIC, null, "certificate")).toBe(false);
    expect(isSnsUrl("https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-abc.pem#1", TOPIC, null, "certificate")).toBe(false);
    expect(isSnsUrl(`${server.url}/cert.pem?x=1`, TOPIC, `${server.url}/`, "certificate")).toBe(false);
    expect(isSnsUrl(`${server.url}/cert.pem`, TOPIC, `${server.url}/`, "certificate")).toBe(true);
  });
});

describe("fetchSnsCertificate", () => {
  const fetches = (path: string) => server.requests.filter((request) => request.path === path).length;

  it("keeps at most the bound, dropping the least recently used", async () => {
    await fetchSnsCertificate(`${server.url}/first.pem`);
    await fetchSnsCertificate(`${server.url}/kept.pem`);
    for (let index = 0; index < MAX_CACHED_CERTIFICATES - 2; index++) await fetchSnsCertificate(`${server.url}/filler-${index}.pem`);
    // Used again: now the most recent; "first" is the least recently used.
    expect(await fetchSnsCertificate(`${server.url}/kept.pem`)).toBe(PEM);
    expect(fetches("/kept.pem")).toBe(1);
    await fetchSnsCertificate(`${server.url}/one-more.pem`);
    await fetchSnsCertificate(`${server.url}/kept.pem`);
    expect(fetches("/kept.pem")).toBe(1);
    await fetchSnsCertificate(`${server.url}/first.pem`);
    expect(fetches("/first.pem")).toBe(2);
  });
});
