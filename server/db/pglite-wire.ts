// The parts of PostgreSQL's wire protocol the embedded server (pglite-server.ts) reads and writes
// itself: framing of the client's messages, which it checks before PGlite sees a byte (PGlite hangs
// the whole process on a message type it does not know), ErrorResponses, and the backend messages
// it watches to know when a connection's turn ends.

export const SSL_REQUEST = 80877103;
export const GSSENC_REQUEST = 80877104;
export const CANCEL_REQUEST = 80877102;
export const PROTOCOL_3 = 196608;

/** PostgreSQL's own bound on a startup packet (MAX_STARTUP_PACKET_LENGTH). */
export const MAX_STARTUP_LENGTH = 10_000;
/** PostgreSQL's own bound on any other client message (PQ_LARGE_MESSAGE_LIMIT, 1 GB). */
export const MAX_MESSAGE_LENGTH = 0x3fffffff;

/**
 * Message types a client may send once started (Terminate is handled by the server itself). The
 * password message `p` is only valid while authenticating, before PGlite is involved.
 */
export const FRONTEND_TYPES = new Set(["B", "C", "d", "c", "f", "D", "E", "H", "F", "P", "Q", "S"].map((type) => type.charCodeAt(0)));
export const TERMINATE = 0x58; // X
export const PASSWORD_MESSAGE = 0x70; // p

/** A client broke the protocol: its connection is answered with a FATAL error and closed. */
export class ProtocolViolation extends Error {
  constructor(
    readonly sqlState: string,
    message: string,
  ) {
    super(message);
  }
}

export function frontendMessage(type: string, body: Uint8Array = new Uint8Array(0)): Uint8Array {
  const message = Buffer.alloc(5 + body.length);
  message[0] = type.charCodeAt(0);
  message.writeInt32BE(4 + body.length, 1);
  message.set(body, 5);
  return message;
}

export const backendMessage = frontendMessage;

/** An authentication request (`R`) of the given kind with its data. */
export function authenticationMessage(kind: number, data: Uint8Array = new Uint8Array(0)): Uint8Array {
  const body = Buffer.alloc(4 + data.length);
  body.writeInt32BE(kind, 0);
  body.set(data, 4);
  return backendMessage("R", body);
}

export function errorResponse(severity: "ERROR" | "FATAL", sqlState: string, message: string): Uint8Array {
  const fields = [`S${severity}`, `V${severity}`, `C${sqlState}`, `M${message}`].map((field) => Buffer.from(`${field}\0`, "utf8"));
  return backendMessage("E", Buffer.concat([...fields, Buffer.from([0])]));
}

/** The name/value pairs of a startup message (after its length and protocol version). */
export function startupParameters(message: Buffer): Record<string, string> {
  const parts = message.subarray(8).toString("utf8").split("\0");
  const parameters: Record<string, string> = {};
  for (let index = 0; index + 1 < parts.length && parts[index]; index += 2) parameters[parts[index]!] = parts[index + 1]!;
  return parameters;
}

/** The bytes a client has sent and the server has not framed yet, kept as the chunks that came. */
export class InputBuffer {
  private chunks: Buffer[] = [];
  length = 0;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /** The first `count` bytes, joined into one buffer only when they span chunks. */
  peek(count: number): Buffer {
    if (this.chunks[0]!.length < count) this.chunks = [Buffer.concat(this.chunks)];
    return this.chunks[0]!;
  }

  /** Removes and returns the first `count` bytes as a buffer of their own. */
  take(count: number): Buffer {
    const head = this.peek(count);
    const taken = Buffer.from(head.subarray(0, count));
    if (head.length === count) this.chunks.shift();
    else this.chunks[0] = head.subarray(count);
    this.length -= count;
    return taken;
  }
}

/** Tracks backend messages in PGlite's output to see ReadyForQuery and its transaction status. */
export class BackendMessageReader {
  private pending: Buffer = Buffer.alloc(0);
  /** Transaction status of the last ReadyForQuery seen, or null if none yet in this turn. */
  lastReadyStatus: string | null = null;

  /** Reads a chunk the caller owns (a copy: PGlite's own output is a view of memory it reuses). */
  read(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    while (this.pending.length >= 5) {
      const length = this.pending.readInt32BE(1);
      if (length < 4) throw new Error(`PGlite sent a message of impossible length ${length}`);
      if (this.pending.length < 1 + length) break;
      if (this.pending[0] === 0x5a /* Z */) this.lastReadyStatus = String.fromCharCode(this.pending[5]!);
      this.pending = this.pending.subarray(1 + length);
    }
  }
}
