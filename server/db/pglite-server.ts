// Serves one PGlite database over PostgreSQL's wire protocol to several client connections.
//
// PGlite is a single backend session, so connections must take turns. A turn cannot end after any
// message: an extended-protocol batch (Parse/Bind/Execute/Sync) keeps its unnamed statement in the
// session until ReadyForQuery, and a transaction keeps the session until it ends. So a connection
// owns the session from its first message until the backend reports ReadyForQuery with status
// "idle" (`I`). (@electric-sql/pglite-socket 0.2 hands the session over between any two messages
// outside a transaction, which lets concurrent batches clobber each other: electric-sql/pglite#1046.)
import { createServer, type Server, type Socket } from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import { logger } from "../lib/logger";

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;

class SessionLock {
  private owner: Connection | null = null;
  private readonly waiting: Array<{ connection: Connection; grant: () => void }> = [];

  async acquire(connection: Connection): Promise<void> {
    if (this.owner === connection) return;
    if (!this.owner) {
      this.owner = connection;
      return;
    }
    await new Promise<void>((grant) => this.waiting.push({ connection, grant }));
  }

  release(connection: Connection): void {
    if (this.owner !== connection) {
      const index = this.waiting.findIndex((entry) => entry.connection === connection);
      if (index >= 0) this.waiting.splice(index, 1);
      return;
    }
    const next = this.waiting.shift();
    this.owner = next?.connection ?? null;
    next?.grant();
  }

  ownedBy(connection: Connection): boolean {
    return this.owner === connection;
  }
}

/** Tracks backend messages in the output to see ReadyForQuery and its transaction status. */
class BackendMessageReader {
  private pending = Buffer.alloc(0);
  /** Transaction status of the last ReadyForQuery seen, or null if none yet in this turn. */
  lastReadyStatus: string | null = null;

  read(chunk: Uint8Array): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : Buffer.from(chunk);
    while (this.pending.length >= 5) {
      const length = this.pending.readInt32BE(1);
      if (this.pending.length < 1 + length) break;
      if (this.pending[0] === 0x5a /* Z */) this.lastReadyStatus = String.fromCharCode(this.pending[5]!);
      this.pending = this.pending.subarray(1 + length);
    }
  }
}

class Connection {
  private buffer = Buffer.alloc(0);
  private chain: Promise<void> = Promise.resolve();
  private started = false;
  private closed = false;
  private readonly reader = new BackendMessageReader();

  constructor(
    private readonly socket: Socket,
    private readonly database: PGlite,
    private readonly lock: SessionLock,
  ) {
    socket.setNoDelay(true);
    socket.on("data", (data: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, data]);
      this.drainMessages();
    });
    socket.on("close", () => void this.close());
    socket.on("error", () => void this.close());
  }

  private drainMessages(): void {
    for (;;) {
      if (!this.started) {
        if (this.buffer.length < 8) return;
        const length = this.buffer.readInt32BE(0);
        const code = this.buffer.readInt32BE(4);
        if (this.buffer.length < length) return;
        const message = this.buffer.subarray(0, length);
        this.buffer = this.buffer.subarray(length);
        if (code === SSL_REQUEST) {
          this.socket.write("N");
          continue;
        }
        if (code === CANCEL_REQUEST) {
          this.socket.end();
          return;
        }
        if (code !== PROTOCOL_3) {
          this.socket.destroy();
          return;
        }
        this.started = true;
        this.enqueue(Uint8Array.from(message));
        continue;
      }
      if (this.buffer.length < 5) return;
      const length = this.buffer.readInt32BE(1);
      if (this.buffer.length < 1 + length) return;
      const message = Uint8Array.from(this.buffer.subarray(0, 1 + length));
      this.buffer = this.buffer.subarray(1 + length);
      if (message[0] === 0x58 /* X: Terminate */) {
        this.socket.end();
        return;
      }
      this.enqueue(message);
    }
  }

  private enqueue(message: Uint8Array): void {
    this.chain = this.chain.then(() => this.execute(message)).catch((error: unknown) => {
      logger.error("Embedded PostgreSQL connection failed", { error });
      this.socket.destroy();
    });
  }

  private async execute(message: Uint8Array): Promise<void> {
    if (this.closed) return;
    await this.lock.acquire(this);
    if (this.closed) {
      this.lock.release(this);
      return;
    }
    this.reader.lastReadyStatus = null;
    await this.database.execProtocolRawStream(message, {
      onRawData: (data: Uint8Array) => {
        this.reader.read(data);
        if (!this.socket.destroyed) this.socket.write(data);
      },
    });
    if (this.reader.lastReadyStatus === "I") this.lock.release(this);
  }

  private async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.chain;
    if (this.lock.ownedBy(this)) {
      // The client went away mid-transaction: undo it so the next connection starts clean.
      if (this.database.isInTransaction()) await this.database.exec("ROLLBACK").catch(() => undefined);
      this.lock.release(this);
    } else {
      this.lock.release(this);
    }
  }
}

export interface PgliteServer {
  port: number;
  close(): Promise<void>;
}

export async function servePglite(database: PGlite, options: { host?: string; port?: number } = {}): Promise<PgliteServer> {
  const lock = new SessionLock();
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    new Connection(socket, database, lock);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
