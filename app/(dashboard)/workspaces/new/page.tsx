import type { Metadata } from "next";
import { CreateWorkspaceForm } from "@/components/shell/create-workspace-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "New workspace" };

export default function NewWorkspacePage() {
  return (
    <>
      <PageHeader title="New workspace" description="A separate space with its own senders, campaigns, keys and credits. You will own it." />
      <Card>
        <CreateWorkspaceForm />
      </Card>
    </>
  );
}
