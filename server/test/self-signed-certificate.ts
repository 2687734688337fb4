// A real RSA key pair and a self-signed X.509 certificate for it, made in-process (DER written by
// hand, signed with node:crypto), for tests that check signatures against a certificate (SNS).
// No openssl process: a test that spawns one would be run as a process test (test-projects.ts).
import { createSign, generateKeyPairSync, randomBytes } from "node:crypto";

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};
const sequence = (...content: Buffer[]) => tlv(0x30, ...content);
const integer = (bytes: Buffer) => tlv(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
const SHA256_WITH_RSA = sequence(Buffer.from("06092a864886f70d01010b", "hex"), Buffer.from("0500", "hex"));
const name = (commonName: string) => sequence(tlv(0x31, sequence(Buffer.from("0603550403", "hex"), tlv(0x0c, Buffer.from(commonName, "utf8")))));
const utcTime = (at: Date) => tlv(0x17, Buffer.from(at.toISOString().replace(/[-:T]/g, "").slice(2, 14) + "Z", "ascii"));

export function selfSignedCertificate(commonName: string, validFrom: Date, validTo: Date): { privateKeyPem: string; certificatePem: string } {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const tbs = sequence(
    tlv(0xa0, integer(Buffer.from([2]))),
    integer(randomBytes(8)),
    SHA256_WITH_RSA,
    name(commonName),
    sequence(utcTime(validFrom), utcTime(validTo)),
    name(commonName),
    publicKey.export({ type: "spki", format: "der" }),
  );
  const signature = createSign("RSA-SHA256").update(tbs).sign(privateKey);
  const der = sequence(tbs, SHA256_WITH_RSA, tlv(0x03, Buffer.from([0]), signature));
  const base64 = der.toString("base64").match(/.{1,64}/g)!.join("\n");
  return { privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(), certificatePem: `-----BEGIN CERTIFICATE-----\n${base64}\n-----END CERTIFICATE-----\n` };
}
