import type { APIRequestContext } from "@playwright/test";
import { sandboxDirectory } from "../server/providers/linkedin/sandbox/directory";
import { expect, expectContentFits, test } from "./own-workspace";
import { allDaySchedule } from "./schedules";

// A lead page reached from the leads table and the forecast: the profile with the user's values
// beside LinkedIn's, where the lead stands, its timeline as the executor works it (Herald's clock moved
// to its next pass rather than waited for), pause and resume.
test.use({ ownLabel: "Lena" });

const prospect = sandboxDirectory()[11]!;

function api(request: APIRequestContext, apiKey: string) {
  const headers = { Authorization: `Bearer ${apiKey}` };
  return {
    post: async (path: string, data: unknown) => {
      const response = await request.post(`/api/v1${path}`, { headers, data });
      expect([200, 201], `POST ${path}: ${await response.text()}`).toContain(response.status());
      return response.json();
    },
    patch: async (path: string, data: unknown) => {
      const response = await request.patch(`/api/v1${path}`, { headers, data });
      expect(response.status(), `PATCH ${path}: ${await response.text()}`).toBe(200);
      return response.json();
    },
  };
}

test("a lead's page: profile, standing, timeline, replies, pause and resume, at desktop and phone widths", async ({ page, request, own, clock }) => {
  test.setTimeout(60_000);
  await own.signIn(page);
  const rest = api(request, own.apiKey);
  const sender = await rest.post("/accounts", { username: "lena.sender@example.com", password: "any password will do", label: "Lena Sender" });
  const campaign = (
    await rest.post("/campaigns", {
      name: "Lead page journey",
      linkedinAccountIds: [sender.data.id],
      sequence: { steps: [{ type: "visit_profile", nextDelayHours: 4 }, { type: "invite" }] },
      schedule: allDaySchedule(),
    })
  ).data;
  expect(prospect.company).not.toBe("Acme");
  const added = await rest.post(`/campaigns/${campaign.id}/leads`, {
    leads: [{ profileUrl: `https://www.linkedin.com/in/${prospect.publicIdentifier}`, firstName: "Janet", company: "Acme", customVariables: { topic: "pricing" } }],
  });
  const leadId = added.data.leadIds[0];

  // From the leads table, before anything happened: a clear empty timeline.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/campaigns/${campaign.id}`);
  await page.getByTestId("lead-row").getByRole("link", { name: `Janet` }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign.id}/leads/${leadId}$`));
  await expect(page.getByTestId("lead-page-name")).toHaveText("Janet");
  await expect(page.getByTestId("lead-current-step")).toHaveText("#1 Visit profile");
  await expect(page.getByTestId("timeline-event")).toHaveCount(1);
  await expect(page.getByTestId("timeline-event")).toContainText("Added to the campaign");
  await expect(page.getByTestId("timeline-empty")).toContainText("Its first step runs once the campaign is activated.");
  await expect(page.getByText("No reply yet.")).toBeVisible();
  await expect(page.getByText("{{topic}}")).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(`linkedin.com/in/${prospect.publicIdentifier}`) })).toBeVisible();

  // The executor visits the profile: the step shows by its name, and LinkedIn's company sits beside the user's.
  await rest.patch(`/campaigns/${campaign.id}`, { status: "active" });
  await clock.advanceUntil(
    async () => {
      await page.reload();
      await expect(page.getByTestId("timeline-event").filter({ hasText: "#1 Visit profile: profile visited" })).toBeVisible();
    },
    { limitMs: 5 * 60_000, message: "The profile visit on the lead's timeline" },
  );
  await expect(page.getByTestId("timeline-event").filter({ hasText: "#1 Visit profile: profile visited" })).toContainText("By Lena Sender");
  await expect(page.getByTestId("lead-current-step")).toHaveText("#2 Connection request");
  const company = page.getByTestId("profile-company");
  await expect(company).toContainText("Acme");
  await expect(company).toContainText("(you)");
  await expect(company).toContainText(`LinkedIn says: ${prospect.company}`);
  await expect(page.getByTestId("profile-lastName")).toContainText(`${prospect.lastName} (from LinkedIn)`);
  await expect(page.getByTestId("lead-page-name")).toHaveText(`Janet ${prospect.lastName}`);

  // Pause and resume from the page; the pause joins the timeline.
  const name = `Janet ${prospect.lastName}`;
  await page.getByRole("button", { name: `Pause ${name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Pause lead" }).click();
  await expect(page.getByText("When resumed")).toBeVisible();
  await expect(page.getByTestId("timeline-event").last()).toContainText("Paused");
  await page.getByRole("button", { name: `Resume ${name}` }).click();
  await expect(page.getByRole("button", { name: `Pause ${name}` })).toBeVisible();

  // At phone width nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId("lead-page-name")).toBeVisible();
  await expectContentFits(page);

  // From the forecast, too.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/campaigns/${campaign.id}?tab=forecast`);
  await page.getByTestId("forecast-lead").getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign.id}/leads/${leadId}$`));

  // Another workspace's lead, or a made-up one, gets a clear page.
  await page.goto(`/campaigns/${campaign.id}/leads/led_doesnotexist`);
  await expect(page.getByRole("heading", { name: "This lead is not in this campaign" })).toBeVisible();
});
