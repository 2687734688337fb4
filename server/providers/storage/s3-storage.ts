// Files in S3-compatible object storage (HERALD_STORAGE=s3): AWS S3, Cloudflare R2, MinIO, Backblaze
// B2, Wasabi… Requests are signed with AWS Signature Version 4 (aws4fetch), the body's SHA-256
// included so a store refuses a body changed on the way. Objects stay private: Herald serves them
// through its own signed addresses (server/lib/signed-file-url.ts), never the bucket's.
import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import { assertStorageKey, storableContentType, type FileStorage } from "./types";

export interface S3StorageConfig {
  /** https://s3.eu-west-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://minio:9000… */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** endpoint/bucket/key rather than bucket.endpoint/key (MinIO and most self-hosted stores). */
  forcePathStyle?: boolean;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const EMPTY_SHA256 = createHash("sha256").update("").digest("hex");

/** What the store said, from its XML error (<Code>NoSuchBucket</Code>), for the log and the error. */
async function storeError(action: string, key: string, response: Response): Promise<Error> {
  const text = await response.text().catch(() => "");
  const code = text.match(/<Code>([^<]{1,100})<\/Code>/)?.[1];
  const message = text.match(/<Message>([^<]{1,300})<\/Message>/)?.[1];
  return new Error(`S3 storage refused to ${action} ${key}: HTTP ${response.status}${code ? ` ${code}` : ""}${message ? ` (${message})` : ""}`);
}

export function createS3Storage(config: S3StorageConfig): FileStorage {
  const request = config.fetch ?? fetch;
  const signer = new AwsClient({ accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, service: "s3", region: config.region, retries: 0 });
  const endpoint = new URL(config.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, "");

  const urlOf = (key: string): string => {
    assertStorageKey(key);
    const path = key.split("/").map(encodeURIComponent).join("/");
    if (config.forcePathStyle) return `${endpoint.protocol}//${endpoint.host}${basePath}/${encodeURIComponent(config.bucket)}/${path}`;
    return `${endpoint.protocol}//${config.bucket}.${endpoint.host}${basePath}/${path}`;
  };

  async function send(method: "PUT" | "GET" | "DELETE", key: string, body?: Buffer, contentType?: string): Promise<Response> {
    const headers: Record<string, string> = { "x-amz-content-sha256": body ? createHash("sha256").update(body).digest("hex") : EMPTY_SHA256 };
    if (contentType) headers["content-type"] = contentType;
    const signed = await signer.sign(urlOf(key), { method, headers, body: body ? new Uint8Array(body) : undefined });
    return request(signed.url, {
      method,
      headers: signed.headers,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(config.timeoutMs ?? 30_000),
    });
  }

  return {
    name: "s3",
    async put(key, body, contentType) {
      const response = await send("PUT", key, body, storableContentType(contentType));
      if (!response.ok) throw await storeError("store", key, response);
      await response.arrayBuffer();
    },
    async get(key) {
      const response = await send("GET", key);
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) throw await storeError("read", key, response);
      return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get("content-type") ?? "application/octet-stream" };
    },
    async delete(key) {
      const response = await send("DELETE", key);
      // S3 answers 204 whether or not the object was there; some compatible stores answer 404.
      if (!response.ok && response.status !== 404) throw await storeError("delete", key, response);
      await response.arrayBuffer();
    },
  };
}
