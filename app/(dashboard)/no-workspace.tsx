import { CreateWorkspaceForm } from "@/components/shell/create-workspace-form";
import { EmptyState } from "@/components/ui/empty-state";

/** Shown to a signed-in person who belongs to no workspace (for example after being removed). */
export function NoWorkspace() {
  return (
    <EmptyState title="You do not belong to any workspace">
      <p>Ask a workspace admin for an invitation link, or create a workspace of your own.</p>
      <div className="mt-6 flex justify-center">
        <CreateWorkspaceForm />
      </div>
    </EmptyState>
  );
}
