// The forecast takes what prospects will do from the LinkedIn provider when the provider can tell
// (the sandbox network's deterministic behaviour model), and from acceptance and reply rates when
// it cannot (real LinkedIn): it never reads the sandbox's tables itself.
import { afterEach, expect, it } from "vitest";
import { publicUrl } from "@/server/env";
import { getLinkedinProvider, setLinkedinProvider } from "@/server/providers/linkedin";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { createSandboxProvider } from "@/server/providers/linkedin/sandbox/sandbox-provider";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { createTestWorkspace } from "@/server/test/factories";
import { connectSender } from "../senders/connect-sender";
import { addCampaignLeads } from "./add-campaign-leads";
import { createCampaign } from "./create-campaign";
import { forecastCampaign } from "./forecast-campaign";
import { ZConnectSenderInput } from "@/server/schemas/sender";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { ZLeadsInput } from "@/server/schemas/lead";

afterEach(() => setLinkedinProvider(undefined));

async function campaignWithLeads(label: string) {
  await ensureSandboxDirectory();
  const { actor } = await createTestWorkspace();
  const sender = await connectSender(actor, ZConnectSenderInput.parse({ username: `${label}@example.com`, password: "x" }), { via: "api" });
  const campaign = await createCampaign(
    actor,
    ZCreateCampaignInput.parse({
      name: label,
      linkedinAccountIds: [sender.account.id],
      sequence: { steps: [{ id: "i", type: "invite" }, { id: "m", type: "message", parent: "i", branch: "yes", config: { text: "Hello" } }] },
    }),
  );
  const prospects = sandboxDirectory().slice(60, 64);
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: prospects.map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) })) }));
  return { actor, campaignId: campaign.id };
}

it("asks the sandbox provider what its prospects will do", async () => {
  const provider = await getLinkedinProvider();
  let asked = 0;
  setLinkedinProvider({
    ...provider,
    forecastOutcomeModel: (input) => {
      asked++;
      return provider.forecastOutcomeModel!(input);
    },
  });
  const { actor, campaignId } = await campaignWithLeads("forecast-sandbox");
  const forecast = await forecastCampaign(actor, campaignId, { days: 10 });
  expect(asked).toBe(1);
  expect(forecast.model).toBe("sandbox");
  expect(forecast.assumptions.join(" ")).toContain("behaviour model");
  expect(forecast.totals.invitations).toBe(4);
});

it("draws from acceptance and reply rates when the provider cannot tell", async () => {
  const { forecastOutcomeModel: _unknownToRealNetworks, ...provider } = createSandboxProvider({ publicUrl });
  setLinkedinProvider(provider);
  const { actor, campaignId } = await campaignWithLeads("forecast-rates");
  const forecast = await forecastCampaign(actor, campaignId, { days: 10 });
  expect(forecast.model).toBe("rates");
  expect(forecast.assumptions.join(" ")).toMatch(/% of invitations accepted .*defaults/);
  expect(forecast.totals.invitations).toBe(4);
});
