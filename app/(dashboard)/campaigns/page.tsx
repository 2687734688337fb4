import type { Metadata } from "next";
import { NotBuiltYet } from "@/components/shell/not-built-yet";

export const metadata: Metadata = { title: "Campaigns" };

export default function CampaignsPage() {
  return (
    <NotBuiltYet title="Campaigns" description="Sequences of LinkedIn and e-mail steps that leads move through.">
      When campaigns arrive you will build a branching sequence here, pick senders and a schedule, add leads and watch them progress.
    </NotBuiltYet>
  );
}
