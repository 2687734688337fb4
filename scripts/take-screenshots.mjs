// Captures the README's screenshots from a running Herald (e.g. `npm run demo`):
//   node scripts/take-screenshots.mjs [http://localhost:3000]
import { chromium } from "@playwright/test";

const baseUrl = process.argv[2] ?? "http://localhost:3000";
const email = process.env.SCREENSHOT_EMAIL ?? "demo@herald.local";
const password = process.env.SCREENSHOT_PASSWORD ?? "demo-password";

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const page = await browser.newPage({ viewport: { width: 1360, height: 820 }, deviceScaleFactor: 1 });
await page.goto(`${baseUrl}/sign-in`);
await page.getByLabel("E-mail").fill(email);
await page.getByLabel("Password").fill(password);
await page.getByRole("button", { name: "Sign in" }).click();
await page.waitForURL(/\/campaigns/);

const shots = (process.env.SCREENSHOT_PAGES ?? "settings/api:dashboard").split(",");
for (const shot of shots) {
  const [path, name] = shot.split(":");
  await page.goto(`${baseUrl}/${path}`);
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `docs/screenshots/${name}.png` });
  console.log(`docs/screenshots/${name}.png`);
}
await browser.close();
