import type { APIRequestContext } from "@playwright/test";
import { humanGapSeconds } from "../server/domain/sequence/human-gaps";
import { sandboxDirectory } from "../server/providers/linkedin/sandbox/directory";
import { silentWav } from "../server/test/audio-fixtures";
import { expect, test, uniqueTag } from "./own-workspace";
import { allDaySchedule } from "./schedules";

// A recording uploaded through POST /files and named by a message step's `voice.fileId` reaches the
// prospect on the sandbox network with the real executor, and the Sandbox page lists the voice
// message (sender, prospect, length) with a player whose signed address serves the audio. Herald's
// clock moves past the sender's rest instead of the test waiting for it.

async function trpc<T>(request: APIRequestContext, procedure: string, input: unknown, method: "query" | "mutation"): Promise<T> {
  const response =
    method === "query"
      ? await request.get(`/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`)
      : await request.post(`/api/trpc/${procedure}`, { data: { json: input } });
  expect(response.status(), `${procedure}: ${await response.text()}`).toBe(200);
  return (await response.json()).result.data.json as T;
}

test("an uploaded recording sent by a campaign plays on the Sandbox page", async ({ page, own, clock }) => {
  const tag = uniqueTag();
  const directory = sandboxDirectory();
  const prospect = directory[30 + (parseInt(tag, 36) % 200)]!;
  const prospectName = `${prospect.firstName} ${prospect.lastName}`;
  const label = `Vera on LinkedIn ${tag}`;
  const sender = await own.api.post("/accounts", { username: `vera.${tag}@example.com`, password: "any password will do", label });
  expect(sender.status(), await sender.text()).toBe(200);
  const senderId = (await sender.json()).data.id as string;
  // The connection request below is the sender's first action: the campaign's message waits for the
  // human-like rest after it (90 to 420 seconds, fixed per sender).
  const rest = Math.max(humanGapSeconds(senderId, 0), humanGapSeconds(senderId, 1));
  test.setTimeout(60_000);
  await own.signIn(page);

  // The prospect is a connection already, so the campaign's first step may be a message.
  const profileUrl = `https://www.linkedin.com/in/${prospect.publicIdentifier}`;
  const invited = await own.api.post(`/accounts/${senderId}/connections`, { profileUrl });
  expect(invited.status(), await invited.text()).toBeLessThan(300);
  const overview = await trpc<{ invitations: Array<{ id: string; prospectId: string }> }>(page.request, "sandbox.overview", undefined, "query");
  const invitation = overview.invitations.find((row) => row.prospectId === prospect.id)!;
  await trpc(page.request, "sandbox.acceptInvitation", { invitationId: invitation.id }, "mutation");

  const audio = silentWav(1500);
  const uploaded = await own.api.post("/files", { name: "hello.wav", mimeType: "audio/wav", content: audio.toString("base64") });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const file = (await uploaded.json()).data as { id: string; durationMs: number };
  expect(file.durationMs).toBe(1500);

  const created = await own.api.post("/campaigns", {
    name: `Recorded hello ${tag}`,
    status: "active",
    schedule: allDaySchedule(),
    linkedinAccountIds: [senderId],
    sequence: { steps: [{ type: "message", config: { text: "A quick hello, {{firstName}}", voice: { fileId: file.id } } }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaignId = (await created.json()).data.id as string;
  expect((await own.api.post(`/campaigns/${campaignId}/leads`, { leads: [{ profileUrl }] })).status()).toBeLessThan(300);

  await page.goto("/sandbox");
  const row = page.getByTestId("sandbox-voice-message").filter({ hasText: prospectName });
  // Past the rest, the sender's next turn sends the message; the page refreshes itself every 5 s.
  await clock.advance(rest * 1000);
  await clock.advanceUntil(() => expect(row).toBeVisible(), { limitMs: 5 * 60_000, message: "The voice message on the Sandbox page" });
  await expect(row).toContainText(`${label} sent a voice message to ${prospectName}`);
  await expect(row).toContainText("0:01");
  const player = row.getByLabel(`Voice message from ${label} to ${prospectName}`);
  const src = await player.getAttribute("src");
  expect(src).toContain("/api/files/sandbox/");
  const served = await page.request.get(src!);
  expect(served.status()).toBe(200);
  expect(Buffer.from(await served.body()).equals(audio)).toBe(true);
  // The browser reads it as audio of the right length.
  const duration = await player.evaluate(
    (element: HTMLAudioElement) =>
      new Promise<number>((resolve, reject) => {
        element.addEventListener("loadedmetadata", () => resolve(element.duration), { once: true });
        element.addEventListener("error", () => reject(new Error("the audio did not load")), { once: true });
        element.load();
      }),
  );
  expect(duration).toBeCloseTo(1.5, 1);
});
