// Issue 30: an uploaded file whose stored type browsers read as HTML ("text/plain;,text/html") ran
// its script on Herald's origin when a signed-in person opened its address, and created an API key
// in their workspace. Files are now stored under one canonical type, served under a type derived
// from the allow-list, as downloads unless audio or a raster image, and always in a CSP sandbox.
// These tests open files in a signed-in browser and check that the script did nothing.
import { readdirSync, existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test, type OwnWorkspace } from "./own-workspace";

const PLANTED_KEY = "planted by an uploaded file";
/** What a hostile file tries: mark the page, open a dialog, and make an API key in the viewer's workspace. */
const SCRIPT = `window.fileScriptRan = true; document.title = "script ran"; alert("script ran");
fetch("/api/trpc/apiKeys.create", { method: "POST", credentials: "include", headers: { "content-type": "application/json" }, body: JSON.stringify({ json: { name: "${PLANTED_KEY}" } }) });`;
const HTML = `<!doctype html><html><body><h1>Invoice</h1><script>${SCRIPT}</script></body></html>`;
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>${SCRIPT}</script><rect width="10" height="10"/></svg>`;
/** A 1×1 PNG, to check that real images still show when opened. */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

const base64 = (text: string) => Buffer.from(text).toString("base64");

async function upload(own: OwnWorkspace, name: string, mimeType: string, content: string) {
  const response = await own.api.post("/files", { name, mimeType, content });
  expect(response.status(), await response.text()).toBe(201);
  const file = (await response.json()).data as { url: string; mimeType: string };
  const url = new URL(file.url);
  return { ...file, path: `${url.pathname}${url.search}`, key: decodeURIComponent(url.pathname.replace(/^\/api\/files\//, "")) };
}

/**
 * Gives a stored file the type an older Herald would have kept as sent, by rewriting the type beside
 * it in the server's data folder (the test server keeps files on disk under a temporary folder).
 */
function storeTypeAsBefore(key: string, type: string) {
  const candidates = readdirSync(tmpdir())
    .filter((name) => name.startsWith("herald-e2e-"))
    .map((name) => path.join(tmpdir(), name, "files", `${key}.type`))
    .filter((file) => existsSync(file));
  expect(candidates, "the stored file's type, in the test server's data folder").toHaveLength(1);
  writeFileSync(candidates[0]!, type);
}

/** Records what a hostile script could do in the page: dialogs it opened. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

async function plantedKeys(page: Page): Promise<number> {
  const response = await page.request.get(`/api/trpc/apiKeys.list?input=${encodeURIComponent(JSON.stringify({ json: null }))}`);
  expect(response.status(), await response.text()).toBe(200);
  const keys = (await response.json()).result.data.json as Array<{ name: string }>;
  return keys.filter((key) => key.name === PLANTED_KEY).length;
}

function expectSandboxed(headers: Record<string, string>) {
  expect(headers["content-security-policy"]).toMatch(/(^|; )sandbox(;|$)/);
  expect(headers["content-security-policy"]).toContain("default-src 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
}

test("the API refuses a list of types that browsers read as HTML, and an SVG behind a PNG", async ({ own }) => {
  for (const [mimeType, content] of [
    ["text/plain;,text/html", HTML],
    ["image/png;,image/svg+xml", SVG],
    ["text/html", HTML],
    ["image/svg+xml", SVG],
  ] as const) {
    const response = await own.api.post("/files", { name: "invoice", mimeType, content: base64(content) });
    expect(response.status(), mimeType).toBe(400);
    const body = await response.json();
    expect(body.error.details.fields[0].field).toBe("mimeType");
  }
});

test("a file stored as HTML before the fix opens as a sandboxed download, and its script never runs", async ({ page, own }) => {
  await own.signIn(page);
  const dialogs = watchDialogs(page);
  const file = await upload(own, "invoice.txt", "text/plain", base64(HTML));
  storeTypeAsBefore(file.key, "text/plain;,text/html");

  const served = await page.request.get(file.path);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("application/octet-stream");
  expect(served.headers()["content-disposition"]).toBe("attachment");
  expectSandboxed(served.headers());

  // Opened in the signed-in browser, it is a download: no page of Herald's is made from it.
  const download = page.waitForEvent("download");
  await page.goto(file.path).catch((error: Error) => expect(error.message).toMatch(/Download is starting|net::ERR_ABORTED/));
  expect(await (await download).path()).toBeTruthy();
  await page.waitForLoadState("networkidle");
  expect(page.url()).not.toContain("/api/files/");
  expect(dialogs).toEqual([]);
  expect(await plantedKeys(page)).toBe(0);
});

test("a type with CR/LF stored before the fix is served, not a 500", async ({ page, own }) => {
  await own.signIn(page);
  const file = await upload(own, "take.wav", "audio/wav", base64("RIFF....WAVE"));
  // The old check read the part before ';', so this passed and was then written as a header: 500.
  storeTypeAsBefore(file.key, "audio/wav;\r\nContent-Type: text/html");
  const served = await page.request.get(file.path);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("application/octet-stream");
  expectSandboxed(served.headers());
});

test("SVG with a script uploaded as a PNG, or stored as SVG, never runs when opened", async ({ page, own }) => {
  await own.signIn(page);
  const dialogs = watchDialogs(page);
  const disguised = await upload(own, "logo.png", "image/png", base64(SVG));
  const opened = await page.goto(disguised.path);
  expect(opened?.headers()["content-type"]).toBe("image/png");
  expectSandboxed(opened!.headers());
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => (window as unknown as { fileScriptRan?: boolean }).fileScriptRan ?? false)).toBe(false);

  const stored = await upload(own, "logo2.png", "image/png", base64(SVG));
  storeTypeAsBefore(stored.key, "image/png;,image/svg+xml");
  const svgServed = await page.request.get(stored.path);
  expect(svgServed.headers()["content-type"]).toBe("application/octet-stream");
  expect(svgServed.headers()["content-disposition"]).toBe("attachment");

  await page.goto("/campaigns");
  expect(dialogs).toEqual([]);
  expect(await plantedKeys(page)).toBe(0);
});

test("a real image still shows when opened, under the sandbox", async ({ page, own }) => {
  await own.signIn(page);
  const image = await upload(own, "dot.png", "image/png", PNG);
  await page.goto(image.path);
  await expect.poll(() => page.evaluate(() => document.images[0]?.naturalWidth ?? 0)).toBe(1);
});
