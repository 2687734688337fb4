import type { Metadata } from "next";
import { NotBuiltYet } from "@/components/shell/not-built-yet";

export const metadata: Metadata = { title: "Approvals" };

export default function ApprovalsPage() {
  return (
    <NotBuiltYet title="Approvals" description="AI-drafted comments and voice notes waiting for a person.">
      When approvals arrive, drafts that need a decision will queue here for approval, editing or rejection.
    </NotBuiltYet>
  );
}
