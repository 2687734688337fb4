// Auth.js's base address on the real process listening on 0.0.0.0, the default HOST (issue 30,
// point 7): Auth.js must not hand the browser http://0.0.0.0:PORT (sign-out's redirect, its
// endpoints' addresses), but HERALD_URL, or http://localhost:PORT when it is unset.
import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startHeraldProcess, type HeraldProcess } from "../test/herald-process";

let herald: HeraldProcess | null = null;

afterEach(async () => {
  await herald?.kill("SIGKILL");
  herald = null;
});

/** A port the system just gave out: Next.js takes a fixed port's listening address as the request's. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function start(env: Record<string, string> = {}): Promise<{ port: number }> {
  const port = await freePort();
  herald = await startHeraldProcess({
    databaseUrl: process.env.DATABASE_URL!,
    env: { HERALD_ENCRYPTION_KEY: process.env.HERALD_ENCRYPTION_KEY!, AUTH_SECRET: process.env.AUTH_SECRET!, HOST: "0.0.0.0", PORT: String(port), ...env },
  });
  return { port };
}

/** Where sign-out sends the browser, as Auth.js answers next-auth/react's signOut(). */
async function signOutDestination(base: string): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  const response = await fetch(`${base}/api/auth/signout`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1", cookie },
    body: new URLSearchParams({ csrfToken, callbackUrl: "/sign-in" }).toString(),
  });
  return ((await response.json()) as { url: string }).url;
}

describe("Auth.js's base address (real process on 0.0.0.0)", () => {
  it("is localhost on the bound port when HERALD_URL is unset", async () => {
    const { port } = await start();
    const base = `http://localhost:${port}`;
    const providers = (await (await fetch(`${base}/api/auth/providers`)).json()) as { credentials: { signinUrl: string } };
    expect(providers.credentials.signinUrl).toBe(`${base}/api/auth/signin/credentials`);
    expect(await signOutDestination(base)).toBe(`${base}/sign-in`);
    expect(await signOutDestination(`http://127.0.0.1:${port}`)).toBe(`${base}/sign-in`);
  }, 120_000);

  it("is HERALD_URL when it is set, whatever address the request came to", async () => {
    const { port } = await start({ HERALD_URL: "http://herald.test:8080/" });
    const providers = (await (await fetch(`http://127.0.0.1:${port}/api/auth/providers`)).json()) as { credentials: { signinUrl: string } };
    expect(providers.credentials.signinUrl).toBe("http://herald.test:8080/api/auth/signin/credentials");
    expect(await signOutDestination(`http://127.0.0.1:${port}`)).toBe("http://herald.test:8080/sign-in");
  }, 120_000);
});
