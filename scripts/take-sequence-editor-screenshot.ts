// Captures docs/screenshots/sequence-editor.png: a built Herald on a fresh database (run
// `npm run build` first), a campaign with a branching sequence, the editor with a step open.
//   npx tsx scripts/take-sequence-editor-screenshot.ts [--port=3941]
import { createCampaign, launchChromium, setUpOwner, startHerald } from "../bench/herald-harness";

const port = Number(process.argv.find((arg) => arg.startsWith("--port="))?.split("=")[1] ?? 3941);

const sequence = {
  steps: [
    { id: "visit", type: "visit_profile", nextDelayHours: 24 },
    {
      id: "invite",
      type: "invite",
      parent: "visit",
      config: { note: "Hi {{firstName}}, I enjoyed your post on {{company}}'s hiring plans. Would be glad to connect.", withdrawEnabled: true, withdrawDays: 10 },
    },
    {
      id: "thanks",
      type: "message",
      parent: "invite",
      branch: "yes",
      branchDelays: { yes: 4 },
      config: {
        variants: [
          { text: "Thanks for connecting, {{firstName}}! We help teams like {{company}} book more meetings. Worth a chat?" },
          { text: "Great to be connected, {{firstName}}. Mind if I share how {{company}} could automate outreach?" },
        ],
      },
    },
    { id: "follow", type: "message", parent: "thanks", branch: "no", config: { text: "Following up, {{firstName}}: happy to send a 2-minute video instead." } },
    { id: "open", type: "if_open_profile", parent: "invite", branch: "no" },
    { id: "inmail", type: "inmail", parent: "open", branch: "yes", config: { subject: "Outreach at {{company}}", text: "Hi {{firstName}}, quick question about how {{company}} runs outbound.", whenUnable: "skip" } },
    { id: "comment", type: "comment_post", parent: "open", branch: "no", config: { prompt: "A short, genuine comment on their latest post." } },
  ],
};

const herald = await startHerald(port);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  const apiKey = await setUpOwner(page, herald.baseUrl);
  const id = await createCampaign(herald.baseUrl, apiKey, { name: "Q3 founders outreach", sequence });
  await page.goto(`${herald.baseUrl}/campaigns/${id}/sequence`);
  await page.getByRole("button", { name: /^Step 3: Message/ }).click();
  await page.getByTestId("step-panel").waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: "docs/screenshots/sequence-editor.png" });
  console.log("docs/screenshots/sequence-editor.png");
} finally {
  await browser.close();
  await herald.stop();
}
