// Serves one PGlite database over PostgreSQL's wire protocol to several client connections.
//
// PGlite is a single backend session, so connections must take turns. A turn cannot end after any
// message: an extended-protocol batch (Parse/Bind/Execute/Sync) keeps its unnamed statement in the
// session until ReadyForQuery, and a transaction keeps the session until it ends. So a connection
// owns the session from its first message until the backend reports ReadyForQuery with status
// "idle" (`I`). (@electric-sql/pglite-socket 0.2 hands the session over between any two messages
// outside a transaction, which lets concurrent batches clobber each other: electric-sql/pglite#1046.)
//
// One broken or stalled client must not take the others down with it: its malformed messages end
// its own connection (never reaching PGlite, which hangs on a message type it does not know), a
// connection that holds the session without using it is closed after the statement timeout, and a
// connection that ends mid-turn has its batch, transaction and session state undone before the next
// connection's turn. Clients prove they know the password (SCRAM, pglite-scram.ts) before PGlite
// sees anything of theirs.
import { createServer, type Server, type Socket } from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import { logger } from "../lib/logger";
import { ScramExchange, scramVerifier, type ScramVerifier } from "./pglite-scram";
import {
  authenticationMessage,
  BackendMessageReader,
  CANCEL_REQUEST,
  errorResponse,
  FRONTEND_TYPES,
  frontendMessage,
  GSSENC_REQUEST,
  InputBuffer,
  MAX_MESSAGE_LENGTH,
  MAX_STARTUP_LENGTH,
  PASSWORD_MESSAGE,
  PROTOCOL_3,
  ProtocolViolation,
  SSL_REQUEST,
  startupParameters,
  TERMINATE,
} from "./pglite-wire";

/** How long a connection may hold the session idle (in a transaction or unfinished batch), by default. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 60_000;

/** How long a client has to sign in, as PostgreSQL's authentication_timeout. */
const AUTHENTICATION_TIMEOUT_MS = 60_000;

class SessionLock {
  private owner: Connection | null = null;
  private readonly waiting: Array<{ connection: Connection; grant: (granted: boolean) => void }> = [];

  /** Resolves true once the connection owns the session; false if it gave up waiting first. */
  acquire(connection: Connection): Promise<boolean> {
    if (this.owner === connection) return Promise.resolve(true);
    if (!this.owner) {
      this.owner = connection;
      return Promise.resolve(true);
    }
    return new Promise<boolean>((grant) => this.waiting.push({ connection, grant }));
  }

  /** Stops the connection's wait, if it waits. */
  withdraw(connection: Connection): void {
    const index = this.waiting.findIndex((entry) => entry.connection === connection);
    if (index >= 0) this.waiting.splice(index, 1)[0]!.grant(false);
  }

  release(connection: Connection): void {
    if (this.owner !== connection) return this.withdraw(connection);
    const next = this.waiting.shift();
    this.owner = next?.connection ?? null;
    next?.grant(true);
  }

  ownedBy(connection: Connection): boolean {
    return this.owner === connection;
  }
}

interface ServerContext {
  database: PGlite;
  lock: SessionLock;
  verifier: ScramVerifier;
  statementTimeoutMs: number;
}

type Phase = "startup" | "authenticating" | "ready";

class Connection {
  private readonly input = new InputBuffer();
  private chain: Promise<void> = Promise.resolve();
  private phase: Phase = "startup";
  private startup: { message: Buffer; user: string } | null = null;
  private scram: ScramExchange | null = null;
  private queued = 0;
  private closed = false;
  private terminated = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly reader = new BackendMessageReader();

  constructor(
    private readonly socket: Socket,
    private readonly context: ServerContext,
  ) {
    socket.setNoDelay(true);
    this.timer = setTimeout(() => this.fail("08P01", "canceling authentication due to timeout"), AUTHENTICATION_TIMEOUT_MS);
    this.timer.unref();
    socket.on("data", (data: Buffer) => {
      if (this.closed || this.terminated) return;
      this.input.push(data);
      try {
        this.drainMessages();
      } catch (error) {
        if (!(error instanceof ProtocolViolation)) throw error;
        this.fail(error.sqlState, error.message);
      }
    });
    socket.on("close", () => void this.close());
    socket.on("error", () => void this.close());
  }

  private drainMessages(): void {
    while (!this.closed && !this.terminated && !this.socket.destroyed) {
      if (this.phase === "startup") {
        if (this.input.length < 8) return;
        const length = this.input.peek(8).readInt32BE(0);
        if (length < 8 || length > MAX_STARTUP_LENGTH) throw new ProtocolViolation("08P01", "invalid length of startup packet");
        if (this.input.length < length) return;
        this.readStartup(this.input.take(length));
        continue;
      }
      if (this.input.length < 5) return;
      const head = this.input.peek(5);
      const type = head[0]!;
      const length = head.readInt32BE(1);
      const allowed = this.phase === "authenticating" ? type === PASSWORD_MESSAGE : FRONTEND_TYPES.has(type) || type === TERMINATE;
      if (!allowed) throw new ProtocolViolation("08P01", `invalid frontend message type ${type}`);
      const limit = this.phase === "authenticating" ? MAX_STARTUP_LENGTH : MAX_MESSAGE_LENGTH;
      if (length < 4 || length > limit) throw new ProtocolViolation("08P01", `invalid message length ${length}`);
      if (this.input.length < 1 + length) return;
      const message = this.input.take(1 + length);
      if (type === TERMINATE) {
        // Whatever follows a Terminate, in this packet or a later one, is never run (what came
        // before it still is).
        this.terminated = true;
        void this.chain.then(() => this.socket.end());
        return;
      }
      if (this.phase === "authenticating") this.authenticate(message.subarray(5));
      else this.enqueue(message);
    }
  }

  private readStartup(message: Buffer): void {
    const code = message.readInt32BE(4);
    if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
      // No TLS on loopback: the client goes on unencrypted or gives up.
      this.socket.write("N");
      return;
    }
    if (code === CANCEL_REQUEST) {
      this.socket.end();
      return;
    }
    if (code !== PROTOCOL_3) throw new ProtocolViolation("0A000", `unsupported frontend protocol ${code >>> 16}.${code & 0xffff}`);
    this.startup = { message, user: startupParameters(message).user ?? "" };
    this.phase = "authenticating";
    this.socket.write(authenticationMessage(10, Buffer.from("SCRAM-SHA-256\0\0")));
  }

  private authenticate(body: Buffer): void {
    const refuse = () => {
      throw new ProtocolViolation("28P01", `password authentication failed for user "${this.startup!.user}"`);
    };
    if (!this.scram) {
      // SASLInitialResponse: the mechanism's name, then the length of the client-first-message.
      const nameEnd = body.indexOf(0);
      if (nameEnd < 0 || body.toString("utf8", 0, nameEnd) !== "SCRAM-SHA-256" || body.length < nameEnd + 5) return refuse();
      this.scram = new ScramExchange(this.context.verifier);
      const serverFirst = this.scram.start(body.toString("utf8", nameEnd + 5));
      if (!serverFirst) return refuse();
      this.socket.write(authenticationMessage(11, Buffer.from(serverFirst)));
      return;
    }
    const serverFinal = this.scram.finish(body.toString("utf8"));
    if (!serverFinal) return refuse();
    this.socket.write(authenticationMessage(12, Buffer.from(serverFinal)));
    this.clearTimer();
    // PGlite answers the startup message itself: AuthenticationOk, its parameters, ReadyForQuery.
    this.phase = "ready";
    this.enqueue(this.startup!.message);
  }

  /** Answers a FATAL error and closes the connection, as PostgreSQL does on a protocol violation. */
  private fail(sqlState: string, message: string): void {
    if (this.closed || this.socket.destroyed) return;
    logger.warn("Embedded PostgreSQL closed a client connection", { reason: message });
    this.socket.end(errorResponse("FATAL", sqlState, message));
    // A client that does not read its answer must not keep the connection (and the session) open.
    this.socket.destroySoon();
    void this.close();
  }

  private enqueue(message: Uint8Array): void {
    this.queued++;
    this.clearTimer();
    this.chain = this.chain
      .then(() => this.execute(message))
      .catch((error: unknown) => {
        logger.error("Embedded PostgreSQL connection failed", { error });
        this.socket.destroy();
      })
      .finally(() => {
        this.queued--;
        this.armTimer();
      });
  }

  private async execute(message: Uint8Array): Promise<void> {
    if (this.closed) return;
    const granted = await this.context.lock.acquire(this);
    if (!granted || this.closed) return;
    this.reader.lastReadyStatus = null;
    await this.context.database.execProtocolRawStream(message, {
      onRawData: (data: Uint8Array) => {
        // `data` is a view of PGlite's WebAssembly memory, which the next output overwrites: a
        // socket that cannot take it at once keeps the buffer it was given, so give it a copy.
        const bytes = Buffer.from(data);
        this.reader.read(bytes);
        if (!this.socket.destroyed) this.socket.write(bytes);
      },
    });
    if (this.reader.lastReadyStatus === "I") this.context.lock.release(this);
  }

  /**
   * A connection that holds the session with nothing left to run (a transaction or batch its client
   * does not go on with) is closed after the statement timeout: every other connection waits on it.
   * A statement that runs is not bounded: PGlite runs it to the end, blocking the process, and its
   * own statement_timeout never fires (WebAssembly has no timer signals).
   */
  armTimer(): void {
    // Before sign-in the authentication timer runs, and only it: a client that has not signed in
    // holds no session.
    if (this.phase !== "ready") return;
    this.clearTimer();
    if (this.closed || this.queued > 0 || !this.context.lock.ownedBy(this)) return;
    const { statementTimeoutMs } = this.context;
    this.timer = setTimeout(() => {
      this.fail("25P03", `terminating connection: it held the embedded database idle for ${statementTimeoutMs} ms without ending its transaction`);
    }, statementTimeoutMs);
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Settles once the connection has closed and handed the session back (the server's stop waits). */
  closing: Promise<void> | null = null;

  close(): Promise<void> {
    this.closing ??= this.closeOnce();
    return this.closing;
  }

  private async closeOnce(): Promise<void> {
    this.closed = true;
    this.clearTimer();
    this.context.lock.withdraw(this);
    await this.chain;
    if (!this.context.lock.ownedBy(this)) return;
    // The client went away mid-turn: end its batch, undo its transaction and session state, so the
    // next connection starts clean. A COPY FROM STDIN is failed first (outside COPY it is ignored).
    try {
      const { database } = this.context;
      await database.execProtocolRaw(frontendMessage("f", Buffer.from("client connection closed\0")), { syncToFs: false });
      await database.execProtocolRaw(frontendMessage("S"), { syncToFs: false });
      if (database.isInTransaction()) await database.exec("ROLLBACK");
      await database.exec("DISCARD ALL");
    } catch (error) {
      logger.error("Embedded PostgreSQL could not reset the session of a closed connection", { error });
    } finally {
      this.context.lock.release(this);
    }
  }
}

export interface PgliteServer {
  port: number;
  /**
   * The process is stopping: from now on a connection that holds the session idle is closed after
   * `graceMs`, so a client that left a transaction open cannot make the stop wait on it.
   */
  stopping(graceMs: number): void;
  close(): Promise<void>;
}

export interface PgliteServerOptions {
  host?: string;
  port?: number;
  /** The password clients must prove they know (SCRAM-SHA-256); any user name is accepted. */
  password: string;
  statementTimeoutMs?: number;
}

export async function servePglite(database: PGlite, options: PgliteServerOptions): Promise<PgliteServer> {
  const context: ServerContext = {
    database,
    lock: new SessionLock(),
    verifier: scramVerifier(options.password),
    statementTimeoutMs: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
  };
  const connections = new Map<Socket, Connection>();
  const server: Server = createServer((socket) => {
    connections.set(socket, new Connection(socket, context));
    socket.on("close", () => void connections.get(socket)?.close().finally(() => connections.delete(socket)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    stopping(graceMs) {
      context.statementTimeoutMs = Math.min(context.statementTimeoutMs, graceMs);
      for (const connection of connections.values()) connection.armTimer();
    },
    // Every connection's reset is over before the caller closes PGlite under it.
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of connections.keys()) socket.destroy();
      await Promise.all([...connections.values()].map((connection) => connection.close()));
      await closed;
    },
  };
}
