// Test helpers for the embedded PostgreSQL server: a client that speaks the wire protocol byte by
// byte (to send what a driver never would), and a proxy whose reading from the server can be paused
// (a slow client: the server's writes back up).
import { createHash, createHmac, pbkdf2Sync, randomBytes } from "node:crypto";
import { connect, createServer, type Server, type Socket } from "node:net";
import { frontendMessage } from "../db/pglite-wire";

export interface BackendMessage {
  type: string;
  body: Buffer;
}

export function connectionParts(url: string): { port: number; password: string } {
  const parsed = new URL(url);
  return { port: Number(parsed.port), password: decodeURIComponent(parsed.password) };
}

/** The fields of an ErrorResponse by their code letter (C: SQLSTATE, M: message, S: severity). */
export function errorFields(body: Buffer): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const part of body.toString("utf8").split("\0")) if (part) fields[part[0]!] = part.slice(1);
  return fields;
}

export class RawClient {
  private received = Buffer.alloc(0);
  private waiters: Array<() => void> = [];
  readonly closed: Promise<void>;

  private constructor(readonly socket: Socket) {
    socket.on("data", (data: Buffer) => {
      this.received = Buffer.concat([this.received, data]);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => socket.on("close", () => resolve()));
    socket.on("close", () => this.waiters.splice(0).forEach((wake) => wake()));
    socket.on("error", () => undefined);
  }

  static async open(port: number): Promise<RawClient> {
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    return new RawClient(socket);
  }

  /** Opens a connection and signs in with SCRAM-SHA-256, as libpq and node-postgres do. */
  static async signIn(port: number, password: string): Promise<RawClient> {
    const client = await RawClient.open(port);
    client.send(startupMessage({ user: "postgres", database: "postgres" }));
    // AuthenticationOk at once: a server that asks for no password (the test shows it is refused).
    if ((await client.next("R")).body.readInt32BE(0) === 0) return (await client.next("Z"), client);
    const clientNonce = randomBytes(18).toString("base64");
    const clientFirstBare = `n=*,r=${clientNonce}`;
    const first = Buffer.from(`n,,${clientFirstBare}`);
    const length = Buffer.alloc(4);
    length.writeInt32BE(first.length);
    client.send(frontendMessage("p", Buffer.concat([Buffer.from("SCRAM-SHA-256\0"), length, first])));
    const serverFirst = (await client.next("R")).body.subarray(4).toString();
    const fields = Object.fromEntries(serverFirst.split(",").map((part) => [part[0], part.slice(2)]));
    const salted = pbkdf2Sync(password, Buffer.from(fields.s!, "base64"), Number(fields.i), 32, "sha256");
    const clientKey = createHmac("sha256", salted).update("Client Key").digest();
    const storedKey = createHash("sha256").update(clientKey).digest();
    const withoutProof = `c=biws,r=${fields.r}`;
    const signature = createHmac("sha256", storedKey).update(`${clientFirstBare},${serverFirst},${withoutProof}`).digest();
    const proof = Buffer.from(clientKey.map((byte, index) => byte ^ signature[index]!)).toString("base64");
    client.send(frontendMessage("p", Buffer.from(`${withoutProof},p=${proof}`)));
    await client.next("Z");
    return client;
  }

  send(bytes: Uint8Array): void {
    this.socket.write(bytes);
  }

  query(sql: string): void {
    this.send(frontendMessage("Q", Buffer.from(`${sql}\0`)));
  }

  /** Removes and returns messages up to and including the first of the given type. */
  async next(type: string): Promise<BackendMessage> {
    for (;;) {
      while (this.received.length >= 5 && this.received.length >= 1 + this.received.readInt32BE(1)) {
        const length = this.received.readInt32BE(1);
        const message = { type: String.fromCharCode(this.received[0]!), body: this.received.subarray(5, 1 + length) };
        this.received = this.received.subarray(1 + length);
        if (message.type === type || message.type === "E") return message;
      }
      if (this.socket.destroyed || this.socket.readableEnded) throw new Error(`connection closed before a ${type} message`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }
}

export function startupMessage(parameters: Record<string, string>): Buffer {
  const body = Buffer.from(`${Object.entries(parameters).flat().join("\0")}\0\0`);
  const head = Buffer.alloc(8);
  head.writeInt32BE(8 + body.length, 0);
  head.writeInt32BE(196608, 4);
  return Buffer.concat([head, body]);
}

/** A proxy in front of the server; `pause()` stops reading the server's answers until `resume()`. */
export async function pausableProxy(targetPort: number): Promise<{ port: number; pause(): void; resume(): void; close(): Promise<void> }> {
  const upstreams = new Set<Socket>();
  let paused = false;
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, "127.0.0.1");
    upstreams.add(upstream);
    if (paused) upstream.pause();
    client.on("data", (data) => upstream.write(data));
    upstream.on("data", (data) => client.write(data));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : 0,
    pause() {
      paused = true;
      for (const upstream of upstreams) upstream.pause();
    },
    resume() {
      paused = false;
      for (const upstream of upstreams) upstream.resume();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const upstream of upstreams) upstream.destroy();
        server.close(() => resolve());
      }),
  };
}
