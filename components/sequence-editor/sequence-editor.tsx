"use client";
// The full-page sequence editor of a campaign: the tree on a canvas, a side panel to add and edit
// steps, validation on the steps from the API's own rules, and saving through campaigns.update.
import { useQuery } from "@tanstack/react-query";
import { useCallback, useDeferredValue, useMemo, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import type { StepType } from "@/server/schemas/sequence";
import type { TCampaign } from "@/server/schemas/campaign";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage } from "@/components/ui/trpc-error";
import { stepName, stepNumbers } from "@/components/campaigns/sequence-outline";
import { ConfirmDialog } from "./confirm-dialog";
import { placeholderId, type FlowNode } from "./convert";
import { customVariableNames } from "./custom-variables";
import { EditorActionsProvider, type EditorActions } from "./editor-actions";
import { EditorAlerts } from "./editor-alerts";
import { EditorHeader } from "./editor-header";
import { EditorNotice, lockedDeleteMessage } from "./editor-notice";
import { FlowCanvas, type FocusRequest } from "./flow-canvas";
import { createFlowBuilder } from "./flow-builder";
import { mergeIssues, validateDraft } from "./issues";
import { draftSignature, fromStoredSequence } from "./sequence-input";
import { SidePanel, type PanelState } from "./side-panel";
import { indexTree, preorder, stepAt, subtreeIds, type EditorStep, type Slot } from "./tree";
import { useSaveSequence } from "./use-save-sequence";
import { useSequenceDraft } from "./use-sequence-draft";
import { useUndoShortcuts } from "./use-undo-shortcuts";
import { useUnsavedChangesGuard } from "./use-unsaved-changes-guard";
import { useAllSenders } from "@/components/senders/use-all-senders";
import { useMailboxes } from "@/components/mailboxes/use-mailboxes";
import type { EmailPreviewContext } from "./email-preview-panel";

/** `embedded`: inside the campaign's guided set-up, which has its own heading and way back. */
export function SequenceEditor({ campaignId, embedded = false }: { campaignId: string; embedded?: boolean }) {
  const trpc = useTRPC();
  const campaign = useQuery(trpc.campaigns.get.queryOptions({ id: campaignId }, { staleTime: Infinity }));
  if (campaign.isPending) return <p className="text-sm text-slate-500">Loading the sequence…</p>;
  if (campaign.error) return <Alert tone="error">{errorMessage(campaign.error)}</Alert>;
  return <LoadedEditor campaign={campaign.data} embedded={embedded} />;
}

/** The panel while what it shows still exists: an undo can take away its step or fill its branch. */
function livePanel(panel: PanelState, steps: readonly EditorStep[]): PanelState {
  if (panel?.kind === "step") return steps.some((step) => step.id === panel.id) ? panel : null;
  if (panel?.kind === "add") {
    const { parentId } = panel.slot;
    if (parentId === null) return steps.length ? null : panel;
    const index = indexTree(steps);
    return index.byId.has(parentId) && !stepAt(index, panel.slot) ? panel : null;
  }
  return panel;
}

function LoadedEditor({ campaign, embedded }: { campaign: TCampaign; embedded: boolean }) {
  const trpc = useTRPC();
  const [initialSteps] = useState(() => fromStoredSequence(campaign.sequence));
  const draft = useSequenceDraft(initialSteps, campaign.leadsInProgress);
  const [openPanel, setPanel] = useState<PanelState>(null);
  const panel = livePanel(openPanel, draft.steps);
  const [notice, setNotice] = useState<{ id: number; text: string } | null>(null);
  const dismissNotice = useCallback(() => setNotice(null), []);
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const [build] = useState(createFlowBuilder);
  const editStep = useCallback((id: string) => setPanel({ kind: "step", id }), []);
  const saver = useSaveSequence(campaign.id, draft, editStep);
  useUnsavedChangesGuard(draft.dirty);
  useUndoShortcuts(draft.undo, draft.redo);

  const leads = useQuery(trpc.campaigns.leads.queryOptions({ id: campaign.id, limit: 100, offset: 0 }));
  const customVariables = useMemo(() => customVariableNames(leads.data?.leads ?? [], draft.steps), [leads.data, draft.steps]);
  const senderList = useAllSenders();
  const poolSenders = useMemo(() => {
    const names = new Map((senderList.data?.senders ?? []).map((sender) => [sender.id, sender.label || sender.fullName || sender.id]));
    return campaign.linkedinAccountIds.map((id) => ({ id, name: names.get(id) ?? id }));
  }, [senderList.data, campaign.linkedinAccountIds]);

  const mailboxList = useMailboxes();
  const emailPreview = useMemo<EmailPreviewContext>(() => {
    const mailboxes = mailboxList.data ?? [];
    return {
      leads: leads.data?.leads ?? [],
      totalLeads: leads.data?.total ?? 0,
      mailboxes: campaign.emailAccountIds.flatMap((id) => mailboxes.filter((mailbox) => mailbox.id === id)),
      campaignId: campaign.id,
    };
  }, [mailboxList.data, leads.data, campaign.emailAccountIds, campaign.id]);

  // The canvas and the validation follow the draft a moment behind typing.
  const deferredSteps = useDeferredValue(draft.steps);
  const validation = useMemo(() => validateDraft(deferredSteps, draft.saved), [deferredSteps, draft.saved]);
  const refusal = saver.refusal && saver.refusal.signature === draftSignature(deferredSteps) ? saver.refusal : null;
  const issues = useMemo(() => mergeIssues(validation.issues.byStep, refusal?.issues.byStep ?? new Map()), [validation, refusal]);
  const selectedId = panel?.kind === "step" ? panel.id : null;
  const selectedSlot = panel?.kind === "add" ? panel.slot : null;
  const flow = useMemo(
    () => build(deferredSteps, { issues, lockedIds: draft.lockedIds, selectedId, selectedSlot }),
    [build, deferredSteps, issues, draft.lockedIds, selectedId, selectedSlot],
  );
  const failing = useMemo(() => preorder(deferredSteps).filter((step) => issues.get(step.id)?.length), [deferredSteps, issues]);

  const requestDelete = useCallback(
    (id: string) => {
      if (draft.lockedIds.has(id)) {
        const step = draft.steps.find((candidate) => candidate.id === id);
        const name = step ? stepName(stepNumbers(draft.steps).get(id) ?? 0, step.type) : "This step";
        setNotice({ id: Date.now(), text: lockedDeleteMessage(name) });
        return;
      }
      setPendingDelete(id);
    },
    [draft.lockedIds, draft.steps],
  );
  const actions = useMemo<EditorActions>(
    () => ({
      editStep,
      addOn: (slot) => setPanel({ kind: "add", slot }),
      deleteStep: requestDelete,
    }),
    [editStep, requestDelete],
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
        embedded={embedded}
        campaignId={campaign.id}
        campaignName={campaign.name}
        stepCount={draft.steps.length}
        dirty={draft.dirty}
        saving={saver.saving}
        savedAt={saver.savedAt}
        onSave={saver.save}
        onDiscard={() => setConfirmingDiscard(true)}
        canUndo={draft.canUndo}
        canRedo={draft.canRedo}
        onUndo={draft.undo}
        onRedo={draft.redo}
      />

      <EditorAlerts
        leadsInProgress={campaign.leadsInProgress}
        refusal={refusal}
        generalIssues={validation.issues.general}
        failingSteps={saver.attempted && !validation.wired ? failing.length : 0}
        onGoToFirstFailing={() => failing[0] && editStep(failing[0].id)}
      />

      <div className="relative flex h-[calc(100vh-13rem)] min-h-[520px] overflow-hidden rounded-lg bg-white shadow-xs ring-1 ring-slate-200">
        <div className="relative min-w-0 flex-1 bg-slate-50" aria-label="Sequence tree" role="region">
          {notice && <EditorNotice key={notice.id} message={notice.text} onDismiss={dismissNotice} />}
          {deferredSteps.length === 0 ? (
            <div className="flex h-full items-center justify-center p-6">
              <EmptyState
                title="This sequence has no steps yet"
                action={
                  <Button onClick={() => setPanel({ kind: "add", slot: { parentId: null, branch: null } })}>
                    Add the first step
                  </Button>
                }
              >
                Start with a profile visit, a connection request or an e-mail. Invitations and conditions branch into yes and no; messages and e-mails wait for a reply.
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
            className="absolute inset-0 z-10 overflow-y-auto bg-white md:static md:w-[380px] md:shrink-0 md:border-l md:border-slate-200"
            onKeyDown={onPanelKeyDown}
          >
            <SidePanel
              panel={panel}
              draft={draft}
              issues={issues}
              customVariables={customVariables}
              senders={poolSenders}
              emailPreview={emailPreview}
              onChoose={choose}
              onDelete={requestDelete}
              onMoved={(id) => setFocusRequest({ nodeId: id, focus: false })}
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
          saver.reset();
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
