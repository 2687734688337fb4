// Whether a DKIM key record holds a public key receivers can verify signatures with: node:crypto
// parses it as they would (so not in server/domain, which stays free of Node's modules).
import { createPublicKey, type KeyObject } from "node:crypto";
import { parseTags } from "../../../domain/mail/dns-records";

export type DkimKeyVerdict = { ok: true; bits: number | null; type: string } | { ok: false; problem: string; revoked?: boolean };

const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

/** Whether a DKIM key record (`v=DKIM1; k=rsa; p=…`) holds a public key that can verify signatures. */
export function checkDkimKeyRecord(record: string): DkimKeyVerdict {
  const tags = parseTags(record);
  if (tags.v !== undefined && tags.v !== "DKIM1") return { ok: false, problem: `it starts with v=${tags.v} instead of v=DKIM1` };
  if (tags.p === undefined) return { ok: false, problem: "it has no p= (the public key)" };
  if (tags.p === "") return { ok: false, problem: "its key is empty (p=), which means the key was revoked", revoked: true };
  const type = (tags.k ?? "rsa").toLowerCase();
  const der = Buffer.from(tags.p, "base64");
  let key: KeyObject | null = null;
  try {
    if (type === "ed25519") key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, der]), format: "der", type: "spki" });
    else if (type === "rsa") {
      try {
        key = createPublicKey({ key: der, format: "der", type: "spki" });
      } catch {
        key = createPublicKey({ key: der, format: "der", type: "pkcs1" });
      }
    } else return { ok: false, problem: `its key type k=${type} is not one mail servers check (rsa or ed25519)` };
  } catch {
    return { ok: false, problem: "its key (p=) is not a valid public key: it may have been cut or mistyped when published" };
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? null;
  if (type === "rsa" && bits !== null && bits < 1024) return { ok: false, problem: `its key is only ${bits} bits; receivers ignore RSA keys under 1024 bits` };
  return { ok: true, bits, type };
}
