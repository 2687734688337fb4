import type { Metadata } from "next";
import { JobRuns } from "@/components/settings/job-runs";

export const metadata: Metadata = { title: "Background jobs" };

export default function JobsSettingsPage() {
  return <JobRuns />;
}
