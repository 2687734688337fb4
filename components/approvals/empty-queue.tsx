"use client";
// What a queue says when it is empty (nothing waits, or the filters hide what does), and which key
// presses belong to a text field rather than to the queue's shortcuts.
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { ApprovalKind } from "./queue-state";

/** Keys typed into a text field, a list box or an editable element are the field's, not the queue's. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !["checkbox", "radio", "button", "submit", "reset", "range"].includes(target.type);
}

export function EmptyQueue({ kind, filtered, onClearFilters }: { kind: ApprovalKind; filtered: boolean; onClearFilters: () => void }) {
  if (filtered) {
    return (
      <EmptyState
        title="No drafts match these filters"
        action={
          <Button variant="secondary" onClick={onClearFilters}>
            Show every campaign and sender
          </Button>
        }
      >
        Other campaigns or senders may still have drafts waiting.
      </EmptyState>
    );
  }
  return (
    <EmptyState title="Nothing waits for approval">
      {kind === "comments" ? (
        <>
          AI-drafted comments appear here when a lead reaches a campaign&apos;s <strong>Comment on post</strong> step and the campaign asks for approval of
          comments (the campaign&apos;s Settings, Approvals). New drafts show up here on their own.
        </>
      ) : (
        <>
          Voice notes appear here when a lead reaches an <strong>AI voice note</strong> step (or a recorded voice note step whose campaign asks for
          approval of recordings). New ones show up here on their own.
        </>
      )}
    </EmptyState>
  );
}
