"use client";
// The full-page sequence editor of a campaign: the tree on a canvas, a side panel to add and edit
// steps, validation on the steps from the API's own rules, and saving through campaigns.update.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useDeferredValue, useEffect, useMemo, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import type { StepType } from "@/server/schemas/sequence";
import type { TCampaign } from "@/server/schemas/campaign";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage } from "@/components/ui/trpc-error";
import { ConfirmDialog } from "./confirm-dialog";
import { placeholderId, type FlowNode } from "./convert";
import { customVariableNames } from "./custom-variables";
import { EditorActionsProvider, type EditorActions } from "./editor-actions";
import { EditorHeader } from "./editor-header";
import { FlowCanvas, type FocusRequest } from "./flow-canvas";
import { createFlowBuilder } from "./flow-builder";
import { fieldsOfError, placeIssues, validateDraft, type SequenceIssues, type StepIssue } from "./issues";
import { draftSignature, fromStoredSequence, toSequenceInput } from "./sequence-input";
import { SidePanel, type PanelState } from "./side-panel";
import { preorder, subtreeIds, type Slot } from "./tree";
import { useSequenceDraft } from "./use-sequence-draft";
import { useUnsavedChangesGuard } from "./use-unsaved-changes-guard";

export function SequenceEditor({ campaignId }: { campaignId: string }) {
  const trpc = useTRPC();
  const campaign = useQuery(trpc.campaigns.get.queryOptions({ id: campaignId }, { staleTime: Infinity }));
  if (campaign.isPending) return <p className="text-sm text-slate-500">Loading the sequence…</p>;
  if (campaign.error) return <Alert tone="error">{errorMessage(campaign.error)}</Alert>;
  return <LoadedEditor campaign={campaign.data} />;
}

/** Server problems stay on the steps until the draft they were about changes. */
interface ServerIssues {
  signature: string;
  issues: SequenceIssues;
  message: string;
}

function mergeIssues(...sources: Array<ReadonlyMap<string, StepIssue[]>>): Map<string, StepIssue[]> {
  const merged = new Map<string, StepIssue[]>();
  for (const source of sources) {
    for (const [id, list] of source) {
      const known = merged.get(id) ?? [];
      merged.set(id, [...known, ...list.filter((issue) => !known.some((other) => other.field === issue.field && other.message === issue.message))]);
    }
  }
  return merged;
}

function LoadedEditor({ campaign }: { campaign: TCampaign }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const draft = useSequenceDraft(fromStoredSequence(campaign.sequence), campaign.leadsInProgress);
  const [panel, setPanel] = useState<PanelState>(null);
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const [serverIssues, setServerIssues] = useState<ServerIssues | null>(null);
  const [saveAttempted, setSaveAttempted] = useState(false);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [build] = useState(createFlowBuilder);
  useUnsavedChangesGuard(draft.dirty);

  const leads = useQuery(trpc.campaigns.leads.queryOptions({ id: campaign.id, limit: 100, offset: 0 }));
  const customVariables = useMemo(() => customVariableNames(leads.data?.leads ?? [], draft.steps), [leads.data, draft.steps]);

  // The canvas and the validation follow the draft a moment behind typing.
  const deferredSteps = useDeferredValue(draft.steps);
  const validation = useMemo(() => validateDraft(deferredSteps, draft.saved), [deferredSteps, draft.saved]);
  const currentServerIssues = serverIssues && serverIssues.signature === draftSignature(deferredSteps) ? serverIssues : null;
  const issues = useMemo(
    () => mergeIssues(validation.issues.byStep, currentServerIssues?.issues.byStep ?? new Map()),
    [validation, currentServerIssues],
  );
  const generalIssues = validation.issues.general;
  // The server's message names its first problem; list the rest.
  const serverGeneral = (currentServerIssues?.issues.general ?? []).filter((issue) => !currentServerIssues?.message.includes(issue.message));
  const selectedId = panel?.kind === "step" ? panel.id : null;
  const selectedSlot = panel?.kind === "add" ? panel.slot : null;
  const flow = useMemo(
    () => build(deferredSteps, { issues, lockedIds: draft.lockedIds, selectedId, selectedSlot }),
    [build, deferredSteps, issues, draft.lockedIds, selectedId, selectedSlot],
  );
  const failing = useMemo(() => preorder(deferredSteps).filter((step) => issues.get(step.id)?.length), [deferredSteps, issues]);

  const save = useMutation(trpc.campaigns.update.mutationOptions());
  const onSave = useCallback(() => {
    setSaveAttempted(true);
    if (!draft.dirty || save.isPending) return;
    const check = validateDraft(draft.steps, draft.saved);
    if (!check.wired) {
      const first = preorder(draft.steps).find((step) => check.issues.byStep.get(step.id)?.length);
      if (first) setPanel({ kind: "step", id: first.id });
      return;
    }
    const sent = draft.steps;
    save.mutate(
      { id: campaign.id, changes: { sequence: toSequenceInput(sent) } },
      {
        onSuccess: (updated) => {
          draft.markSaved(sent, fromStoredSequence(updated.sequence));
          queryClient.setQueryData(trpc.campaigns.get.queryKey({ id: campaign.id }), updated);
          setServerIssues(null);
          setSaveAttempted(false);
          setSavedAt(new Date());
        },
        onError: (error) => {
          const fields = fieldsOfError(error) ?? [];
          setServerIssues({ signature: draftSignature(sent), issues: placeIssues(fields, sent), message: errorMessage(error) ?? "The sequence was not saved." });
        },
      },
    );
  }, [draft, save, campaign.id, queryClient, trpc]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        onSave();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onSave]);

  const requestDelete = useCallback(
    (id: string) => {
      if (draft.lockedIds.has(id)) return;
      setPendingDelete(id);
    },
    [draft.lockedIds],
  );
  const actions = useMemo<EditorActions>(
    () => ({
      editStep: (id) => setPanel({ kind: "step", id }),
      addOn: (slot) => setPanel({ kind: "add", slot }),
      deleteStep: requestDelete,
    }),
    [requestDelete],
  );

  const clearFocusRequest = useCallback(() => setFocusRequest(null), []);
  const onActivate = useCallback((node: FlowNode) => {
    if (node.type === "step") setPanel({ kind: "step", id: node.id });
    else setPanel({ kind: "add", slot: node.data.slot });
  }, []);

  const closePanel = () => {
    if (panel?.kind === "step") setFocusRequest({ nodeId: panel.id, focus: true });
    if (panel?.kind === "add" && draft.steps.length) setFocusRequest({ nodeId: placeholderId(panel.slot), focus: true });
    setPanel(null);
  };

  const choose = (slot: Slot, type: StepType) => {
    const step = draft.add(slot, type);
    if (!step) return;
    setPanel({ kind: "step", id: step.id });
    setFocusRequest({ nodeId: step.id, focus: false });
  };

  const confirmDelete = () => {
    if (!pendingDelete) return;
    const step = draft.steps.find((candidate) => candidate.id === pendingDelete);
    draft.remove(pendingDelete);
    setPendingDelete(null);
    if (panel?.kind === "step" && step && subtreeIds(draft.steps, pendingDelete).includes(panel.id)) setPanel(null);
    if (step?.parent) setFocusRequest({ nodeId: placeholderId({ parentId: step.parent, branch: step.branch }), focus: true });
  };
  const deleting = pendingDelete ? draft.steps.find((step) => step.id === pendingDelete) : undefined;
  const deletingBelow = pendingDelete ? subtreeIds(draft.steps, pendingDelete).length - 1 : 0;

  const onPanelKeyDown = (event: ReactKeyboardEvent<HTMLElement>) => {
    if (event.key === "Escape" && !event.defaultPrevented) {
      event.preventDefault();
      closePanel();
    }
  };

  return (
    <EditorActionsProvider value={actions}>
      <EditorHeader
        campaignId={campaign.id}
        campaignName={campaign.name}
        stepCount={draft.steps.length}
        dirty={draft.dirty}
        saving={save.isPending}
        savedAt={savedAt}
        onSave={onSave}
        onDiscard={() => setConfirmingDiscard(true)}
      />

      <div className="mb-3 space-y-2">
        {campaign.leadsInProgress && (
          <Alert tone="info">
            Leads are in progress on this campaign. Saved steps cannot be deleted, moved or changed to another kind; you can still edit copy and delays, and add
            steps on open branches.
          </Alert>
        )}
        {currentServerIssues && (
          <Alert tone="error">
            <span className="font-medium">Not saved.</span> {currentServerIssues.message}
            {serverGeneral.length > 0 && (
              <ul className="mt-1 list-inside list-disc">
                {serverGeneral.map((issue) => (
                  <li key={issue.field + issue.message}>{issue.message}</li>
                ))}
              </ul>
            )}
          </Alert>
        )}
        {generalIssues.length > 0 && (
          <Alert tone="error">
            {generalIssues.map((issue) => (
              <p key={issue.field + issue.message}>{issue.message}</p>
            ))}
          </Alert>
        )}
        {saveAttempted && !validation.wired && failing.length > 0 && (
          <Alert tone="warning">
            <span>
              Fix the {failing.length === 1 ? "step" : `${failing.length} steps`} marked on the canvas before saving.{" "}
              <Button variant="ghost" size="sm" onClick={() => setPanel({ kind: "step", id: failing[0]!.id })}>
                Go to the first one
              </Button>
            </span>
          </Alert>
        )}
      </div>

      <div className="flex h-[calc(100vh-13rem)] min-h-[520px] overflow-hidden rounded-lg bg-white shadow-xs ring-1 ring-slate-200">
        <div className="relative min-w-0 flex-1 bg-slate-50" aria-label="Sequence tree" role="region">
          {draft.steps.length === 0 ? (
            <div className="flex h-full items-center justify-center p-6">
              <EmptyState
                title="This sequence has no steps yet"
                action={
                  <Button onClick={() => setPanel({ kind: "add", slot: { parentId: null, branch: null } })}>
                    Add the first step
                  </Button>
                }
              >
                Start with a profile visit or a connection request. Invitations and conditions branch into yes and no; messages wait for a reply.
              </EmptyState>
            </div>
          ) : (
            <FlowCanvas
              nodes={flow.nodes}
              edges={flow.edges}
              focusRequest={focusRequest}
              onFocusDone={clearFocusRequest}
              onActivate={onActivate}
              onDeleteKey={requestDelete}
            />
          )}
        </div>
        {panel && (
          <aside
            aria-label={panel.kind === "step" ? "Edit step" : "Add a step"}
            className="w-[380px] shrink-0 overflow-y-auto border-l border-slate-200 bg-white"
            onKeyDown={onPanelKeyDown}
          >
            <SidePanel
              panel={panel}
              draft={draft}
              issues={issues}
              customVariables={customVariables}
              onChoose={choose}
              onDelete={requestDelete}
              onClose={closePanel}
            />
          </aside>
        )}
      </div>

      <ConfirmDialog
        open={deleting !== undefined}
        title={deletingBelow ? `Delete this step and the ${deletingBelow} below it?` : "Delete this step?"}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      >
        {deletingBelow
          ? `Every step on its branches goes with it (${deletingBelow} ${deletingBelow === 1 ? "step" : "steps"}). Nothing is saved until you save the sequence.`
          : "Nothing is saved until you save the sequence."}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmingDiscard}
        title="Discard your changes?"
        confirmLabel="Discard changes"
        onConfirm={() => {
          draft.discard();
          setServerIssues(null);
          setSaveAttempted(false);
          setConfirmingDiscard(false);
          if (panel?.kind === "step" && !draft.saved.steps.some((step) => step.id === panel.id)) setPanel(null);
        }}
        onCancel={() => setConfirmingDiscard(false)}
      >
        The sequence goes back to how it was last saved.
      </ConfirmDialog>
    </EditorActionsProvider>
  );
}
