// The S3-compatible storage against an in-process stand-in that checks every request's AWS
// Signature Version 4 and body hash, path-style and virtual-hosted.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv } from "../../env";
import { fileStorageFromEnv } from "./index";
import { createS3Storage } from "./s3-storage";
import { loopbackFetch, startFakeS3, type FakeS3 } from "../../test/fakes/fake-s3";

const credentials = { bucket: "herald-files", accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", region: "eu-west-1" };
let s3: FakeS3;

beforeAll(async () => {
  s3 = await startFakeS3(credentials);
});
afterAll(() => s3.close());
beforeEach(() => {
  s3.objects.clear();
  s3.refused.length = 0;
  s3.http.requests.length = 0;
});

const audio = Buffer.from([0x49, 0x44, 0x33, 0x04, 0, 0, 0, 0, 0, 1, 2, 3, 255, 254]);

describe.each([
  { style: "path-style", forcePathStyle: true, fetch: undefined },
  { style: "virtual-hosted", forcePathStyle: false, fetch: loopbackFetch },
])("S3 storage, $style", ({ forcePathStyle, fetch }) => {
  const storage = () => createS3Storage({ ...credentials, endpoint: s3.endpoint, forcePathStyle, fetch });

  it("stores, reads and deletes an object with its content type, every request signed", async () => {
    const files = storage();
    await files.put("audio/wsp_1/abc.mp3", audio, "audio/mpeg");
    expect(s3.objects.get("audio/wsp_1/abc.mp3")).toEqual({ body: audio, contentType: "audio/mpeg" });
    expect(await files.get("audio/wsp_1/abc.mp3")).toEqual({ body: audio, contentType: "audio/mpeg" });
    await files.delete("audio/wsp_1/abc.mp3");
    expect(s3.objects.has("audio/wsp_1/abc.mp3")).toBe(false);
    expect(s3.refused).toEqual([]);
    const put = s3.http.requests[0]!;
    expect(put.method).toBe("PUT");
    expect(put.path).toBe(forcePathStyle ? "/herald-files/audio/wsp_1/abc.mp3" : "/audio/wsp_1/abc.mp3");
    expect(String(put.headers.host)).toBe(forcePathStyle ? new URL(s3.endpoint).host : `herald-files.${new URL(s3.endpoint).host}`);
    expect(String(put.headers.authorization)).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/);
  });

  it("answers null for a missing object, and deleting one is not an error", async () => {
    expect(await storage().get("audio/wsp_1/missing.mp3")).toBeNull();
    await expect(storage().delete("audio/wsp_1/missing.mp3")).resolves.toBeUndefined();
  });

  it("overwrites an object", async () => {
    await storage().put("sandbox/x.wav", Buffer.from("one"), "audio/wav");
    await storage().put("sandbox/x.wav", Buffer.from("two"), "audio/wav");
    expect((await storage().get("sandbox/x.wav"))?.body.toString()).toBe("two");
  });
});

describe("S3 storage refusals", () => {
  it("throws with the store's code when the secret is wrong (the stand-in really checks signatures)", async () => {
    const wrong = createS3Storage({ ...credentials, secretAccessKey: "not-the-secret", endpoint: s3.endpoint, forcePathStyle: true });
    await expect(wrong.put("audio/a.mp3", audio, "audio/mpeg")).rejects.toThrow(/HTTP 403 SignatureDoesNotMatch \(signature does not match\)/);
    await expect(wrong.get("audio/a.mp3")).rejects.toThrow(/403/);
    expect(s3.refused).toHaveLength(2);
    expect(s3.objects.size).toBe(0);
  });

  it("throws for a bucket that is not there, and refuses keys outside the store", async () => {
    const elsewhere = createS3Storage({ ...credentials, bucket: "other", endpoint: s3.endpoint, forcePathStyle: true });
    await expect(elsewhere.put("audio/a.mp3", audio, "audio/mpeg")).rejects.toThrow(/NoSuchBucket/);
    await expect(createS3Storage({ ...credentials, endpoint: s3.endpoint, forcePathStyle: true }).get("../secrets")).rejects.toThrow(/Not a storage key/);
  });
});

describe("storage settings", () => {
  it("uses the data folder by default and S3 when configured, refusing to start with an S3 setting missing", () => {
    expect(fileStorageFromEnv(parseEnv({})).name).toBe("filesystem");
    const settings = {
      HERALD_STORAGE: "s3",
      HERALD_S3_ENDPOINT: "https://s3.eu-west-1.amazonaws.com",
      HERALD_S3_BUCKET: "herald",
      HERALD_S3_ACCESS_KEY_ID: "AKID",
      HERALD_S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(fileStorageFromEnv(parseEnv(settings)).name).toBe("s3");
    expect(() => parseEnv({ ...settings, HERALD_S3_BUCKET: undefined, HERALD_S3_SECRET_ACCESS_KEY: undefined })).toThrow(
      /HERALD_S3_BUCKET: is required when HERALD_STORAGE=s3\n {2}HERALD_S3_SECRET_ACCESS_KEY: is required when HERALD_STORAGE=s3/,
    );
  });
});
