// An in-process stand-in for an S3-compatible store: objects in memory, path-style
// (/bucket/key) and virtual-hosted (bucket.host/key) addresses, and every request's AWS Signature
// Version 4 checked the way S3 checks it: the signature recomputed from the signed headers, the
// method, the path and the secret; the body's SHA-256 compared with x-amz-content-sha256.
import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { AwsV4Signer } from "aws4fetch";
import { startLocalHttpFake, type FakeAnswer, type FakeRequest, type LocalHttpFake } from "./local-http-fake";

export interface FakeS3 {
  http: LocalHttpFake;
  /** http://localhost:<port>: virtual-hosted buckets are <bucket>.localhost, reached through `fetch` below. */
  endpoint: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Requests refused for a bad signature. */
  refused: FakeRequest[];
  close(): Promise<void>;
}

function xmlError(status: number, code: string, message: string): FakeAnswer {
  return { status, headers: { "content-type": "application/xml" }, body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>` };
}

async function signatureProblem(request: FakeRequest, credentials: { accessKeyId: string; secretAccessKey: string; region: string }): Promise<string | null> {
  const authorization = String(request.headers.authorization ?? "");
  const match = authorization.match(/^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/);
  if (!match) return "no AWS4-HMAC-SHA256 authorization";
  const [, accessKeyId, , region, signedHeaders, signature] = match;
  if (accessKeyId !== credentials.accessKeyId) return "unknown access key";
  if (region !== credentials.region) return "wrong region";
  const names = signedHeaders!.split(";");
  for (const required of ["host", "x-amz-date", "x-amz-content-sha256"]) if (!names.includes(required)) return `${required} not signed`;
  const payloadHash = String(request.headers["x-amz-content-sha256"]);
  if (payloadHash !== createHash("sha256").update(request.body).digest("hex")) return "body does not match x-amz-content-sha256";
  const headers = new Headers(names.map((name): [string, string] => [name, String(request.headers[name] ?? "")]));
  const expected = new AwsV4Signer({
    method: request.method,
    url: `http://${request.headers.host}${request.url}`,
    headers,
    accessKeyId: credentials.accessKeyId,
    secretAccessKey: credentials.secretAccessKey,
    service: "s3",
    region: credentials.region,
    datetime: String(request.headers["x-amz-date"]),
  });
  const recomputed = (await expected.authHeader()).match(/Signature=([0-9a-f]{64})/)?.[1];
  return recomputed === signature ? null : "signature does not match";
}

export async function startFakeS3(options: { bucket: string; accessKeyId: string; secretAccessKey: string; region: string }): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const refused: FakeRequest[] = [];
  const http = await startLocalHttpFake(async (request) => {
    const problem = await signatureProblem(request, options);
    if (problem) {
      refused.push(request);
      return xmlError(403, "SignatureDoesNotMatch", problem);
    }
    const host = String(request.headers.host ?? "").split(":")[0]!;
    const virtualBucket = host.endsWith(".localhost") ? host.slice(0, -".localhost".length) : null;
    const segments = request.path.split("/").slice(1).map(decodeURIComponent);
    const bucket = virtualBucket ?? segments.shift();
    if (bucket !== options.bucket) return xmlError(404, "NoSuchBucket", "The specified bucket does not exist");
    const key = segments.join("/");
    if (request.method === "PUT") {
      objects.set(key, { body: request.body, contentType: String(request.headers["content-type"] ?? "binary/octet-stream") });
      return { status: 200, headers: { etag: `"${createHash("md5").update(request.body).digest("hex")}"` } };
    }
    if (request.method === "GET") {
      const object = objects.get(key);
      if (!object) return xmlError(404, "NoSuchKey", "The specified key does not exist.");
      return { status: 200, headers: { "content-type": object.contentType }, body: object.body };
    }
    if (request.method === "DELETE") {
      objects.delete(key);
      return { status: 204 };
    }
    return xmlError(405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
  });
  const port = new URL(http.url).port;
  return { http, endpoint: `http://localhost:${port}`, objects, refused, close: () => http.close() };
}

/**
 * fetch for virtual-hosted addresses in tests: <bucket>.localhost does not resolve everywhere, so
 * this connects to 127.0.0.1 while sending the Host header the request was signed for.
 */
export const loopbackFetch: typeof fetch = async (input, init) => {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
  const headers = new Headers(init?.headers);
  const body = init?.body ? Buffer.from(init.body as Uint8Array) : undefined;
  return new Promise<Response>((resolve, reject) => {
    const outgoing = httpRequest(
      { host: "127.0.0.1", port: url.port, path: `${url.pathname}${url.search}`, method: init?.method ?? "GET", headers: { ...Object.fromEntries(headers), host: url.host } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () => {
          const status = incoming.statusCode ?? 500;
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") responseHeaders.set(name, value);
          resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers: responseHeaders }));
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
};
