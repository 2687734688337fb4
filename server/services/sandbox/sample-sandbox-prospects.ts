// The first prospects of the sandbox network's directory, by their profile URLs, for samples that
// need people to reach (the Quick start's demo campaign). The network's tables are filled first.
import { sandboxDirectory, sandboxProfileUrl } from "../../providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "../../providers/linkedin/sandbox/store";

export async function sampleSandboxProspects(count: number): Promise<Array<{ profileUrl: string }>> {
  await ensureSandboxDirectory();
  return sandboxDirectory()
    .slice(0, count)
    .map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) }));
}
