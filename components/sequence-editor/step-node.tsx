"use client";
// A step on the canvas: its kind, a preview of its copy, its variants, and what is wrong with it.
import { Handle, Position, type NodeProps } from "@xyflow/react";
import { memo } from "react";
import { BRANCHING_STEPS } from "@/server/schemas/sequence";
import type { StepFlowNode } from "./convert";
import { useEditorActions } from "./editor-actions";
import { isIncompleteOnly } from "./issues";
import { StepIcon } from "./step-icon";

const handleClass = "!h-2 !w-2 !min-h-0 !min-w-0 !border-0 !bg-slate-300";

function StepNodeView({ data, selected }: NodeProps<StepFlowNode>) {
  const actions = useEditorActions();
  const { step, issues } = data;
  const condition = BRANCHING_STEPS.has(step.type) && step.type !== "invite";
  const incomplete = isIncompleteOnly(issues);
  const ring = selected
    ? "ring-2 ring-brand-500"
    : issues.length
      ? incomplete
        ? "ring-2 ring-amber-400"
        : "ring-2 ring-red-500"
      : "ring-1 ring-slate-200 group-hover:ring-slate-300";
  const tone = condition ? "bg-violet-50 text-violet-700" : "bg-brand-50 text-brand-700";

  return (
    <div className={`group flex h-full w-full cursor-pointer flex-col rounded-lg bg-white shadow-sm ${ring}`} data-testid="step-node" data-step-id={step.id}>
      <Handle type="target" position={Position.Top} isConnectable={false} className={handleClass} />
      <div className="flex items-center gap-2 px-3 pt-2.5">
        <span className={`flex size-6 items-center justify-center rounded-md ${tone}`}>
          <StepIcon type={step.type} className="size-3.5" />
        </span>
        <span className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">{data.label}</span>
        <span className="text-xs text-slate-400 tabular-nums">#{data.number}</span>
        {!data.locked && (
          <button
            type="button"
            tabIndex={-1}
            title="Delete this step and the steps below it"
            aria-label={`Delete step ${data.number}`}
            className="nodrag rounded p-0.5 text-slate-400 opacity-0 group-hover:opacity-100 hover:bg-red-50 hover:text-red-600"
            onClick={(event) => {
              event.stopPropagation();
              actions.deleteStep(step.id);
            }}
          >
            <svg viewBox="0 0 24 24" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
              <path d="M4 7h16M10 11v6m4-6v6M6 7l1 12h10l1-12M9 7V4h6v3" />
            </svg>
          </button>
        )}
      </div>
      <p className={`mt-1.5 line-clamp-2 px-3 text-xs leading-snug ${data.preview.empty ? "text-slate-400 italic" : "text-slate-600"}`} data-testid="step-preview">
        {data.preview.text}
      </p>
      <div className="mt-auto flex flex-wrap items-center gap-1.5 px-3 pb-2.5">
        {data.variantCount > 1 && (
          <span className="rounded-full bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium text-slate-700" data-testid="variant-count">
            {data.variantCount} variants
          </span>
        )}
        {issues.length > 0 && (
          <span
            className={`rounded-full px-1.5 py-0.5 text-[11px] font-medium ring-1 ${incomplete ? "bg-amber-50 text-amber-800 ring-amber-200" : "bg-red-50 text-red-700 ring-red-200"}`}
            title={issues.map((issue) => issue.message).join("\n")}
            data-testid="step-issues"
          >
            {incomplete ? "Incomplete" : `${issues.length} ${issues.length === 1 ? "problem" : "problems"}`}
          </span>
        )}
        {data.warning && (
          <span className="rounded-full bg-amber-50 px-1.5 py-0.5 text-[11px] font-medium text-amber-800 ring-1 ring-amber-200" title={data.warning} data-testid="step-warning-badge">
            Lead may not be connected
          </span>
        )}
        {data.locked && (
          <span className="ml-auto text-[11px] text-slate-400" title="Leads are on this sequence: this step cannot be removed, moved or retyped">
            Locked
          </span>
        )}
      </div>
      <Handle type="source" position={Position.Bottom} isConnectable={false} className={handleClass} />
    </div>
  );
}

export const StepNode = memo(StepNodeView);
