import { getLinkedinProvider } from "../../providers/linkedin";
import { collectDueSandboxActivity } from "../../providers/linkedin/sandbox/network-activity";
import { recordProviderActivity } from "../linkedin-activity/record-provider-activity";

/**
 * Lets the sandbox network live up to now: prospects accept and reply when the behaviour model says
 * so, and Herald takes it in exactly as it takes a real provider's webhooks.
 */
export async function advanceSandboxNetwork(): Promise<{ activities: number }> {
  const provider = await getLinkedinProvider();
  if (provider.name !== "sandbox") return { activities: 0 };
  let total = 0;
  for (;;) {
    const activities = await collectDueSandboxActivity();
    for (const activity of activities) await recordProviderActivity("sandbox", activity);
    total += activities.length;
    if (activities.length === 0) return { activities: total };
  }
}
