// The server side of SCRAM-SHA-256 (RFC 5802 / 7677), PostgreSQL's password exchange, for the
// embedded database. Chosen over a cleartext password, which would do on loopback too, because
// the password never crosses the socket: a process that takes over the port while Herald is down
// learns nothing a client sends it. Channel binding is not offered (there is no TLS on loopback).
import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from "node:crypto";

const ITERATIONS = 4096;

const hmac = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest();
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest();

/** What the server keeps of the password: derived once per start, never the password itself. */
export interface ScramVerifier {
  salt: Buffer;
  storedKey: Buffer;
  serverKey: Buffer;
}

export function scramVerifier(password: string): ScramVerifier {
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password.normalize("NFKC"), salt, ITERATIONS, 32, "sha256");
  return { salt, storedKey: sha256(hmac(salted, "Client Key")), serverKey: hmac(salted, "Server Key") };
}

function attributes(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of text.split(",")) {
    const equals = part.indexOf("=");
    if (equals === 1) found.set(part[0]!, part.slice(2));
  }
  return found;
}

/** One connection's exchange: the client's first message, then its proof. */
export class ScramExchange {
  private clientFirstBare = "";
  private serverFirst = "";
  private gs2Header = "";
  private nonce = "";

  constructor(private readonly verifier: ScramVerifier) {}

  /** Answers the client-first-message with the server-first-message; null when it is malformed. */
  start(clientFirst: string): string | null {
    const match = /^([ny]),([^,]*),(.*)$/.exec(clientFirst);
    if (!match || match[2]) return null;
    this.gs2Header = `${match[1]},,`;
    this.clientFirstBare = match[3]!;
    const clientNonce = attributes(this.clientFirstBare).get("r");
    if (!clientNonce || !/^[\x21-\x2b\x2d-\x7e]+$/.test(clientNonce)) return null;
    this.nonce = clientNonce + randomBytes(18).toString("base64");
    this.serverFirst = `r=${this.nonce},s=${this.verifier.salt.toString("base64")},i=${ITERATIONS}`;
    return this.serverFirst;
  }

  /** Checks the client-final-message's proof: the server-final-message when right, else null. */
  finish(clientFinal: string): string | null {
    const proofAt = clientFinal.lastIndexOf(",p=");
    if (proofAt < 0 || !this.nonce) return null;
    const withoutProof = clientFinal.slice(0, proofAt);
    const fields = attributes(withoutProof);
    if (fields.get("c") !== Buffer.from(this.gs2Header).toString("base64") || fields.get("r") !== this.nonce) return null;
    const proof = Buffer.from(clientFinal.slice(proofAt + 3), "base64");
    if (proof.length !== 32) return null;
    const authMessage = `${this.clientFirstBare},${this.serverFirst},${withoutProof}`;
    const signature = hmac(this.verifier.storedKey, authMessage);
    const clientKey = Buffer.from(proof.map((byte, index) => byte ^ signature[index]!));
    if (!timingSafeEqual(sha256(clientKey), this.verifier.storedKey)) return null;
    return `v=${hmac(this.verifier.serverKey, authMessage).toString("base64")}`;
  }
}
