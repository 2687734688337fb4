import { EmptyState } from "@/components/ui/empty-state";

/** What the thread pane shows with no conversation open: the Inbox's first load needs no more of it. */
export function NoConversationOpen() {
  return (
    <div className="hidden flex-1 items-center justify-center p-6 lg:flex">
      <EmptyState title="No conversation open">Pick a conversation on the left to read it, answer, or set the lead&apos;s interest.</EmptyState>
    </div>
  );
}

/** The thread pane while a conversation (or the pane's own code) loads. */
export function ThreadSkeleton() {
  return (
    <div role="status" aria-label="Loading the conversation" className="animate-pulse space-y-3 p-4">
      <span className="block h-4 w-1/3 rounded bg-slate-200" />
      <span className="block h-14 w-2/3 rounded-2xl bg-slate-100" />
      <span className="ml-auto block h-10 w-1/2 rounded-2xl bg-slate-200" />
      <span className="block h-12 w-3/5 rounded-2xl bg-slate-100" />
    </div>
  );
}
