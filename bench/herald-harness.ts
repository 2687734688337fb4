// A built Herald on a fresh database for browser measurements and screenshots: the same server the
// browser tests start (e2e/start-server.mjs), its first run done, an API key to create campaigns.
import { spawn, type ChildProcess } from "node:child_process";
import { chromium, type Browser, type Page } from "@playwright/test";

export const OWNER = { name: "Olivia Owner", email: "olivia@example.com", password: "a long enough password", workspace: "Acme Outreach" };

export interface Herald {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts `.herald/main.mjs` (run `npm run build` first) on port `port` with a fresh database. */
export async function startHerald(port: number): Promise<Herald> {
  const child: ChildProcess = spawn(process.execPath, ["e2e/start-server.mjs"], { env: { ...process.env, E2E_PORT: String(port) }, stdio: ["ignore", "ignore", "inherit"] });
  const baseUrl = `http://localhost:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${baseUrl}/sign-in`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (attempt > 240 || child.exitCode !== null) throw new Error("Herald did not start");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    // The browser the test script installs (scripts/ensure-test-services.sh), as playwright.config.ts uses it.
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

/** The first run's owner and workspace, then an API key made in Settings → API and Webhooks. */
export async function setUpOwner(page: Page, baseUrl: string): Promise<string> {
  await page.goto(`${baseUrl}/setup`);
  await page.getByLabel("Your name").fill(OWNER.name);
  await page.getByLabel("E-mail").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByLabel("Workspace name").fill(OWNER.workspace);
  await page.getByRole("button", { name: "Create account and workspace" }).click();
  await page.waitForURL(/\/campaigns$/);
  await page.goto(`${baseUrl}/settings/api`);
  await page.getByLabel("Key name").fill("Bench");
  await page.getByRole("button", { name: "Create API key" }).click();
  return (await page.getByTestId("new-api-key").textContent())!.trim();
}

export async function createCampaign(baseUrl: string, apiKey: string, body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/campaigns`, {
    method: "POST",
    headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST /campaigns: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { id: string } }).data.id;
}
