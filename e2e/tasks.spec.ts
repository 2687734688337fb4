import { sandboxDirectory, sandboxProfileUrl } from "../server/providers/linkedin/sandbox/directory";
import { expect, test, uniqueTag } from "./own-workspace";
import { allDaySchedule } from "./schedules";

// A campaign's manual task lands in the Tasks queue with the lead's phone number and the filled-in
// instructions; marked done by keyboard, the lead moves on to the next step; skipped by the button,
// the other one does too.
test.use({ ownLabel: "Tess" });

test("manual tasks wait in the Tasks queue and, done by keyboard or skipped, move their leads on", async ({ page, own, clock }) => {
  const tag = uniqueTag();
  const sender = await own.api.post("/accounts", { username: `tess.${tag}@example.com`, password: "any password will do", label: "Tess Sender", timezone: "UTC" });
  expect(sender.status()).toBe(200);
  const sequence = {
    steps: [
      { id: "call", type: "task", config: { taskKind: "call", dueHours: 4, text: "Call {{firstName}} about {{company|their team}}" } },
      { id: "look", type: "visit_profile", parent: "call" },
    ],
  };
  const created = await own.api.post("/campaigns", { name: `Calls ${tag}`, linkedinAccountIds: [(await sender.json()).data.id], schedule: allDaySchedule(), sequence });
  expect(created.status()).toBe(201);
  const campaignId = (await created.json()).data.id as string;
  const [first, second] = sandboxDirectory().slice(60, 62);
  const leads = [
    { firstName: "Petra", company: "Oakline", profileUrl: sandboxProfileUrl(first!.publicIdentifier), customVariables: { phone: "+33 1 44 55 66 77" } },
    { firstName: "Quentin", profileUrl: sandboxProfileUrl(second!.publicIdentifier) },
  ];
  expect((await own.api.post(`/campaigns/${campaignId}/leads`, { leads })).status()).toBeLessThan(300);
  expect((await own.api.patch(`/campaigns/${campaignId}`, { status: "active" })).status()).toBe(200);
  const pending = async () => (await (await own.api.get("/tasks")).json()).data as Array<{ id: string; lead: { name: string } }>;
  await clock.advanceUntil(async () => expect(await pending()).toHaveLength(2), { message: "The tasks" });

  await own.signIn(page);
  await page.goto("/tasks");
  const list = page.getByRole("list", { name: "Tasks waiting" });
  await expect(list.getByRole("button")).toHaveCount(2);
  const selected = page.getByRole("region", { name: "Selected task" });
  await expect(selected.getByRole("heading")).toHaveText("Call: Petra");
  await expect(selected).toContainText("Call Petra about Oakline");
  await expect(selected.getByRole("link", { name: "+33 1 44 55 66 77" })).toHaveAttribute("href", "tel:+33144556677");

  // d marks the selected task done; the queue moves on to the next one.
  await page.getByRole("heading", { name: "Tasks", exact: true }).click();
  await page.keyboard.press("d");
  await expect(page.getByRole("alert").or(page.getByRole("status")).filter({ hasText: "Petra: marked done" })).toBeVisible();
  await expect(selected.getByRole("heading")).toHaveText("Call: Quentin");
  await selected.getByLabel("Note (optional)").fill("No answer, will try LinkedIn");
  await selected.getByRole("button", { name: "Skip (s)" }).click();
  await expect(page.getByText("No tasks waiting")).toBeVisible();

  // Both leads went on to the visit.
  const decided = (await (await own.api.get("/tasks?status=skipped")).json()).data as Array<{ note: string | null }>;
  expect(decided.map((task) => task.note)).toEqual(["No answer, will try LinkedIn"]);
  const campaignLeads = (await (await own.api.get(`/campaigns/${campaignId}/leads`)).json()).data as Array<{ currentStepId: string | null; status: string }>;
  expect(campaignLeads.every((lead) => lead.currentStepId === "look" || lead.status === "done")).toBe(true);
});
