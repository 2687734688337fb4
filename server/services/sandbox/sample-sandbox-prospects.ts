// The first prospects of the sandbox network's directory, for samples that need people to reach
// (the Quick start's demo campaign): their profile URLs with the name, company and title a list
// exported from a search carries, so that the sample's leads have names before any profile is
// read (not "maya-chen-000"). The network's tables are filled first.
import { sandboxDirectory, sandboxProfileUrl, type DirectoryProspect } from "../../providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "../../providers/linkedin/sandbox/store";

export interface SampleProspect {
  profileUrl: string;
  firstName: string;
  lastName: string;
  company: string;
  jobTitle: string;
}

const sample = (prospect: DirectoryProspect): SampleProspect => ({
  profileUrl: sandboxProfileUrl(prospect.publicIdentifier),
  firstName: prospect.firstName,
  lastName: prospect.lastName,
  company: prospect.company,
  jobTitle: prospect.jobTitle,
});

export async function sampleSandboxProspects(count: number): Promise<SampleProspect[]> {
  await ensureSandboxDirectory();
  return sandboxDirectory().slice(0, count).map(sample);
}

/** The prospects of these public identifiers (`maya-chen-000`), in that order; one the directory lacks is left out. */
export async function sandboxProspectsNamed(publicIdentifiers: readonly string[]): Promise<SampleProspect[]> {
  await ensureSandboxDirectory();
  const byIdentifier = new Map(sandboxDirectory().map((prospect) => [prospect.publicIdentifier, prospect]));
  return publicIdentifiers.flatMap((identifier) => {
    const prospect = byIdentifier.get(identifier);
    return prospect ? [sample(prospect)] : [];
  });
}
