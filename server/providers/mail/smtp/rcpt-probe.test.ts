// The RCPT-only dialogue against a scripted SMTP server on loopback: each answer the server gives
// at each stage, and what the probe makes of it (only 250/251 and 550/551/553 at RCPT are claims).
import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { probeRecipient } from "./rcpt-probe";

/** A server that answers each command by the script (keyed by its verb), and records the commands. */
async function scriptedServer(script: { greeting?: string; answers: Record<string, string> }): Promise<{ server: Server; port: number; commands: string[] }> {
  const commands: string[] = [];
  const server = createServer((socket: Socket) => {
    socket.write(`${script.greeting ?? "220 mx.example ESMTP"}\r\n`);
    let buffer = "";
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let end: number;
      while ((end = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        commands.push(line);
        const verb = line.split(/[ :]/)[0]!.toUpperCase();
        if (verb === "QUIT") return void socket.end("221 bye\r\n");
        socket.write(`${script.answers[verb] ?? "250 OK"}\r\n`);
      }
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  servers.push(server);
  return { server, port: (server.address() as AddressInfo).port, commands };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

const ask = (port: number, timeoutMs = 2000) =>
  probeRecipient({ address: "127.0.0.1", port, heloName: "herald.example", from: "verify@herald.example", recipient: "nobody-x@acme.test", timeoutMs });

describe("probeRecipient", () => {
  it("speaks EHLO, MAIL FROM, RCPT TO and QUIT, and sends no message", async () => {
    const { port, commands } = await scriptedServer({ answers: { EHLO: "250-mx.example\r\n250 SIZE 1000" } });
    expect(await ask(port)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(commands).toEqual(["EHLO herald.example", "MAIL FROM:<verify@herald.example>", "RCPT TO:<nobody-x@acme.test>", "QUIT"]);
  });

  it.each([
    ["251 will forward", true],
    ["550 5.1.1 no such user", false],
    ["551 user not local", false],
    ["553 mailbox name not allowed", false],
    ["450 4.2.0 greylisted, try later", null],
    ["452 too many recipients", null],
    ["554 5.7.1 access denied", null],
  ])("reads the RCPT answer %s as %s", async (answer, expected) => {
    const { port } = await scriptedServer({ answers: { RCPT: answer } });
    expect(await ask(port)).toBe(expected);
  });

  it("falls back to HELO when EHLO is refused", async () => {
    const { port, commands } = await scriptedServer({ answers: { EHLO: "502 not implemented", RCPT: "550 no" } });
    expect(await ask(port)).toBe(false);
    expect(commands.slice(0, 2)).toEqual(["EHLO herald.example", "HELO herald.example"]);
  });

  it("makes no claim when the greeting or MAIL FROM is refused", async () => {
    const refusedGreeting = await scriptedServer({ greeting: "554 no service", answers: {} });
    expect(await ask(refusedGreeting.port)).toBeNull();
    const refusedSender = await scriptedServer({ answers: { MAIL: "550 sender rejected" } });
    expect(await ask(refusedSender.port)).toBeNull();
    expect(refusedSender.commands).not.toContainEqual(expect.stringMatching(/^RCPT/));
  });

  it("makes no claim when the server says nothing in time, or nobody listens", async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", () => resolve()));
    servers.push(silent);
    const started = Date.now();
    expect(await ask((silent.address() as AddressInfo).port, 300)).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);

    const { port, server } = await scriptedServer({ answers: {} });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    servers.splice(servers.indexOf(server), 1);
    expect(await ask(port)).toBeNull();
  });
});
