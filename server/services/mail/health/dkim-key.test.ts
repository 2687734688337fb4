// DKIM key records that parse as public keys, and the plain-words problem of those that do not.
import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkDkimKeyRecord } from "./dkim-key";

const spkiBase64 = (bits: number) =>
  generateKeyPairSync("rsa", { modulusLength: bits }).publicKey.export({ format: "der", type: "spki" }).toString("base64");

describe("DKIM key records", () => {
  it("accepts an RSA key (SubjectPublicKeyInfo or PKCS#1) and an Ed25519 key", () => {
    expect(checkDkimKeyRecord(`v=DKIM1; k=rsa; p=${spkiBase64(2048)}`)).toEqual({ ok: true, bits: 2048, type: "rsa" });
    const pkcs1 = generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey.export({ format: "der", type: "pkcs1" }).toString("base64");
    expect(checkDkimKeyRecord(`p=${pkcs1}`)).toEqual({ ok: true, bits: 1024, type: "rsa" });
    const ed = generateKeyPairSync("ed25519").publicKey.export({ format: "der", type: "spki" }).subarray(12).toString("base64");
    expect(checkDkimKeyRecord(`v=DKIM1; k=ed25519; p=${ed}`)).toMatchObject({ ok: true, type: "ed25519" });
  });

  it("accepts a key split over TXT strings with spaces inside p=", () => {
    const key = spkiBase64(2048);
    expect(checkDkimKeyRecord(`v=DKIM1; k=rsa; p=${key.slice(0, 200)} ${key.slice(200)}`)).toMatchObject({ ok: true, bits: 2048 });
  });

  it("says what is wrong with a key that cannot verify anything", () => {
    expect(checkDkimKeyRecord("v=DKIM1; k=rsa; p=")).toMatchObject({ ok: false, revoked: true, problem: expect.stringContaining("revoked") });
    expect(checkDkimKeyRecord("v=DKIM1; k=rsa; p=bm90IGEga2V5")).toMatchObject({ ok: false, problem: expect.stringContaining("not a valid public key") });
    expect(checkDkimKeyRecord(`v=DKIM1; k=rsa; p=${spkiBase64(2048).slice(0, 180)}`)).toMatchObject({ ok: false });
    expect(checkDkimKeyRecord("v=DKIM2; p=abc")).toMatchObject({ ok: false, problem: expect.stringContaining("v=DKIM1") });
    expect(checkDkimKeyRecord("v=DKIM1; k=rsa")).toMatchObject({ ok: false, problem: expect.stringContaining("no p=") });
    expect(checkDkimKeyRecord(`v=DKIM1; k=dsa; p=${spkiBase64(1024)}`)).toMatchObject({ ok: false, problem: expect.stringContaining("k=dsa") });
    expect(checkDkimKeyRecord(`v=DKIM1; p=${spkiBase64(512)}`)).toMatchObject({ ok: false, problem: expect.stringContaining("512 bits") });
  });
});
