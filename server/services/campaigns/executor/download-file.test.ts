// A file a campaign step names by URL must not be fetched from inside the network Herald runs in:
// what was fetched can be read back by a workspace member. Real HTTP servers on 127.0.0.1; where a
// test needs a "public" host, an injected lookup answers for files.example.com with the local server,
// and every other name goes through the real rule (publicOnlyLookup).
import type { LookupAddress, LookupAllOptions } from "node:dns";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, LookupFunction } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnv } from "../../../env";
import { publicOnlyLookup } from "../../../lib/public-target";
import { DOWNLOAD_MAX_BYTES, downloadFile } from "./download-file";

const servers: Server[] = [];

afterEach(async () => {
  setPrivateTargets(undefined);
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

function setPrivateTargets(allowed: boolean | undefined) {
  if (allowed === undefined) delete process.env.HERALD_ALLOW_PRIVATE_FILE_URLS;
  else process.env.HERALD_ALLOW_PRIVATE_FILE_URLS = allowed ? "1" : "0";
  resetEnv();
}

/** A server on 127.0.0.1 answering with `handle`; its port and the requests it received. */
async function startServer(handle: (request: IncomingMessage, response: ServerResponse) => void) {
  const received: string[] = [];
  const server = createServer((request, response) => {
    received.push(request.url ?? "");
    handle(request, response);
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { port: (server.address() as AddressInfo).port, received };
}

/** Stands files.example.com in for a public host (it is the local server); other names resolve as `resolve` says, through the real rule. */
function lookupWithPublicStandIn(otherAddresses: LookupAddress[] = []): LookupFunction {
  const resolve = (_hostname: string, _options: LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, answer: LookupAddress[]) => void) =>
    callback(null, otherAddresses);
  const rule = publicOnlyLookup(resolve);
  return (hostname, options, callback) => {
    if (hostname !== "files.example.com") return rule(hostname, options, callback);
    if (options.all) return callback(null, [{ address: "127.0.0.1", family: 4 }]);
    callback(null, "127.0.0.1", 4);
  };
}

const secret = () => startServer((_request, response) => response.end("internal secret"));

describe("downloadFile when private targets are refused", () => {
  it.each([
    ["http://127.0.0.1:PORT/a.pdf", "127.0.0.1 is not a public address (loopback)"],
    ["http://2130706433:PORT/a.pdf", "127.0.0.1 is not a public address (loopback)"],
    ["http://[::ffff:7f00:1]:PORT/a.pdf", "::ffff:7f00:1 is not a public address (IPv4-mapped form of the loopback address 127.0.0.1)"],
    ["http://localhost:PORT/a.pdf", "localhost is this machine (loopback)"],
    ["http://10.1.2.3:PORT/a.pdf", "10.1.2.3 is not a public address (private)"],
    ["http://169.254.169.254/latest/meta-data", "169.254.169.254 is not a public address (link-local)"],
  ])("refuses %s before connecting", async (template, reason) => {
    const server = await secret();
    setPrivateTargets(false);
    await expect(downloadFile(template.replace("PORT", String(server.port)), { what: "attachment" })).rejects.toThrow(
      `The attachment's address points inside Herald's network: ${reason}. Use a public address or upload the file.`,
    );
    expect(server.received).toEqual([]);
  });

  it("refuses a name that resolves to a private address", async () => {
    setPrivateTargets(false);
    const lookup = lookupWithPublicStandIn([{ address: "10.0.0.5", family: 4 }]);
    await expect(downloadFile("http://files.internal.example/a.pdf", { what: "attachment", lookup })).rejects.toThrow(
      "The attachment's address points inside Herald's network: files.internal.example resolves to 10.0.0.5, which is not a public address (private).",
    );
  });

  it("fetches from a public host, and judges every redirect again", async () => {
    const inside = await secret();
    const file = await startServer((request, response) => {
      const redirects: Record<string, string> = {
        "/to-literal": `http://127.0.0.1:${inside.port}/secret`,
        "/to-decimal": `http://2130706433:${inside.port}/secret`,
        "/to-localhost": `http://localhost:${inside.port}/secret`,
        "/to-private-name": `http://files.internal.example:${inside.port}/secret`,
        "/to-metadata": "http://169.254.169.254/latest/meta-data",
        "/to-file": "file:///etc/passwd",
      };
      const location = redirects[request.url ?? ""];
      if (location) return response.writeHead(302, { location }).end();
      response.writeHead(200, { "content-type": "application/pdf" }).end("public file");
    });
    setPrivateTargets(false);
    const lookup = lookupWithPublicStandIn([{ address: "10.0.0.5", family: 4 }]);
    const base = `http://files.example.com:${file.port}`;

    expect(await downloadFile(`${base}/a.pdf`, { what: "attachment", lookup })).toEqual({ body: Buffer.from("public file"), contentType: "application/pdf" });

    const redirected = (reason: string) => `The voice note's recording's address redirected inside Herald's network: ${reason}. Use a public address or upload the file.`;
    const options = { what: "voice note's recording", lookup };
    await expect(downloadFile(`${base}/to-literal`, options)).rejects.toThrow(redirected("127.0.0.1 is not a public address (loopback)"));
    await expect(downloadFile(`${base}/to-decimal`, options)).rejects.toThrow(redirected("127.0.0.1 is not a public address (loopback)"));
    await expect(downloadFile(`${base}/to-localhost`, options)).rejects.toThrow(redirected("localhost is this machine (loopback)"));
    await expect(downloadFile(`${base}/to-private-name`, options)).rejects.toThrow(
      redirected("files.internal.example resolves to 10.0.0.5, which is not a public address (private)"),
    );
    await expect(downloadFile(`${base}/to-metadata`, options)).rejects.toThrow(redirected("169.254.169.254 is not a public address (link-local)"));
    await expect(downloadFile(`${base}/to-file`, options)).rejects.toThrow("The voice note's recording's address redirected to a file address; Herald fetches files over http(s) only.");
    expect(inside.received).toEqual([]);
  });
});

describe("downloadFile (private targets allowed, as in development and test)", () => {
  it("fetches from a local server", async () => {
    const server = await startServer((_request, response) => response.writeHead(200, { "content-type": "audio/ogg; codecs=opus" }).end("OggS"));
    expect(await downloadFile(`http://127.0.0.1:${server.port}/voice.ogg`, { what: "voice note's recording" })).toEqual({
      body: Buffer.from("OggS"),
      contentType: "audio/ogg; codecs=opus",
    });
  });

  it("follows up to 3 redirects and refuses a fourth", async () => {
    const server = await startServer((request, response) => {
      const hop = Number(request.url?.slice(1));
      if (hop > 0) return response.writeHead(hop % 2 ? 301 : 307, { location: `/${hop - 1}` }).end();
      response.end("arrived");
    });
    const base = `http://127.0.0.1:${server.port}`;
    expect((await downloadFile(`${base}/3`, { what: "attachment" })).body.toString()).toBe("arrived");
    await expect(downloadFile(`${base}/4`, { what: "attachment" })).rejects.toThrow(
      "The attachment's address redirected more than 3 times; use the file's final address or upload the file.",
    );
    expect(server.received).toEqual(["/3", "/2", "/1", "/0", "/4", "/3", "/2", "/1"]);
  });

  it("takes exactly 10 MB, and cuts a longer answer off while reading it", async () => {
    const chunk = Buffer.alloc(1024 * 1024, 1);
    let written = 0;
    let closedAfter: number | null = null;
    const server = await startServer((request, response) => {
      // No Content-Length: the size is only known by reading. The long answer would be 50 MB.
      const total = request.url === "/exact" ? DOWNLOAD_MAX_BYTES : 50 * chunk.length;
      written = 0;
      if (request.url === "/long") response.on("close", () => (closedAfter = written));
      const write = () => {
        while (written < total) {
          written += chunk.length;
          if (!response.write(chunk)) return response.once("drain", write);
        }
        response.end();
      };
      write();
    });
    const base = `http://127.0.0.1:${server.port}`;
    expect((await downloadFile(`${base}/exact`, { what: "attachment" })).body.length).toBe(DOWNLOAD_MAX_BYTES);
    await expect(downloadFile(`${base}/long`, { what: "attachment" })).rejects.toThrow(`The attachment at 127.0.0.1:${server.port} is larger than 10 MB; upload a smaller file.`);
    await expect.poll(() => closedAfter).not.toBeNull();
    expect(closedAfter!).toBeLessThan(50 * chunk.length);
  });

  it("refuses an answer that announces more than 10 MB without reading it", async () => {
    const server = await startServer((_request, response) => response.writeHead(200, { "content-length": String(DOWNLOAD_MAX_BYTES + 1) }).end());
    await expect(downloadFile(`http://127.0.0.1:${server.port}/big`, { what: "attachment" })).rejects.toThrow("is larger than 10 MB");
  });

  it("says in words when the address fails, answers an error or is too slow", async () => {
    const server = await startServer((request, response) => {
      if (request.url === "/slow") return; // never answers
      if (request.url === "/stalls") return void response.writeHead(200).write("the start, and then nothing");
      response.writeHead(404).end("gone");
    });
    const base = `http://127.0.0.1:${server.port}`;
    await expect(downloadFile(`${base}/missing`, { what: "attachment" })).rejects.toThrow(`Could not fetch the attachment from 127.0.0.1:${server.port}: its address answered HTTP 404.`);
    await expect(downloadFile(`${base}/slow`, { what: "attachment", timeoutMs: 200 })).rejects.toThrow(
      `The attachment's address at 127.0.0.1:${server.port} did not send the file within 0.2 seconds.`,
    );
    await expect(downloadFile(`${base}/stalls`, { what: "attachment", timeoutMs: 200 })).rejects.toThrow(
      `The attachment's address at 127.0.0.1:${server.port} did not send the file within 0.2 seconds.`,
    );
  });
});
