// One SMTP dialogue that asks a mail server whether it would accept a recipient, and sends nothing:
// EHLO (HELO if refused), MAIL FROM, RCPT TO, QUIT. Address verification's catch-all probe
// (services/verification/probe-catch-all.ts) asks it for a made-up address. No maintained library
// offers a RCPT-only dialogue (nodemailer's smtp-connection sends whole messages), and this one needs
// five commands, so it is written here on node:net. The caller connects to an address it checked.
import { connect, type Socket } from "node:net";

export interface RcptProbeInput {
  /** The IP address to connect to (already resolved and checked by the caller). */
  address: string;
  port: number;
  /** The name given in EHLO. */
  heloName: string;
  /** MAIL FROM. */
  from: string;
  /** RCPT TO. */
  recipient: string;
  /** The whole dialogue's limit; past it the answer is null. */
  timeoutMs: number;
}

/**
 * true: the server accepted the recipient (250, 251); false: it refused it for good (550, 551, 553);
 * null: anything else (no connection, a timeout, a greeting or MAIL FROM refused, 450 or 452 and the
 * other temporary answers), which says nothing about the recipient.
 */
export type RcptProbeAnswer = boolean | null;

/** Reads SMTP replies (a reply ends at a line whose code is followed by a space or nothing). */
class ReplyReader {
  private buffer = "";
  private lines: string[] = [];
  private waiting: ((code: number | null) => void) | null = null;
  private closed = false;

  constructor(socket: Socket) {
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      this.buffer += chunk;
      let end: number;
      while ((end = this.buffer.indexOf("\n")) >= 0) {
        this.lines.push(this.buffer.slice(0, end).replace(/\r$/, ""));
        this.buffer = this.buffer.slice(end + 1);
      }
      this.deliver();
    });
    const close = () => {
      this.closed = true;
      this.deliver();
    };
    socket.on("close", close);
    socket.on("error", close);
  }

  /** The code of the next whole reply; null when the connection ends first or a line is not SMTP. */
  next(): Promise<number | null> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.deliver();
    });
  }

  private deliver(): void {
    if (!this.waiting) return;
    const last = this.lines.findIndex((line) => !/^\d{3}-/.test(line));
    if (last >= 0) {
      const line = this.lines[last]!;
      this.lines = this.lines.slice(last + 1);
      const match = /^(\d{3})(?: |$)/.exec(line);
      this.settle(match ? Number(match[1]) : null);
    } else if (this.closed) {
      this.settle(null);
    }
  }

  private settle(code: number | null): void {
    const waiting = this.waiting!;
    this.waiting = null;
    waiting(code);
  }
}

const ACCEPTED = new Set([250, 251]);
const REFUSED = new Set([550, 551, 553]);

export function probeRecipient(input: RcptProbeInput): Promise<RcptProbeAnswer> {
  return new Promise((resolve) => {
    const socket = connect({ host: input.address, port: input.port });
    const reader = new ReplyReader(socket);
    let settled = false;
    const finish = (answer: RcptProbeAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!socket.destroyed && socket.writable) socket.end("QUIT\r\n");
      setTimeout(() => socket.destroy(), 1000).unref();
      resolve(answer);
    };
    const timer = setTimeout(() => {
      settled = true;
      socket.destroy();
      resolve(null);
    }, input.timeoutMs);
    socket.on("error", () => finish(null));

    const command = async (line: string) => {
      socket.write(`${line}\r\n`);
      return reader.next();
    };
    const dialogue = async (): Promise<RcptProbeAnswer> => {
      const greeting = await reader.next();
      if (greeting !== 220) return null;
      let hello = await command(`EHLO ${input.heloName}`);
      if (hello !== null && hello >= 500) hello = await command(`HELO ${input.heloName}`);
      if (hello !== 250) return null;
      if ((await command(`MAIL FROM:<${input.from}>`)) !== 250) return null;
      const answer = await command(`RCPT TO:<${input.recipient}>`);
      if (answer !== null && ACCEPTED.has(answer)) return true;
      if (answer !== null && REFUSED.has(answer)) return false;
      return null;
    };
    dialogue().then(finish, () => finish(null));
  });
}
