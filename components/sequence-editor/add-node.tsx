"use client";
// The placeholder on an open branch: where a new step can go.
import { Handle, Position, type NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { AddFlowNode } from "./convert";

function AddNodeView({ selected }: NodeProps<AddFlowNode>) {
  return (
    <div
      className={`flex h-full w-full cursor-pointer items-center justify-center gap-1.5 rounded-lg border border-dashed text-sm font-medium transition-colors ${
        selected ? "border-brand-500 bg-brand-50 text-brand-700" : "border-slate-300 bg-white/80 text-slate-500 hover:border-brand-500 hover:text-brand-700"
      }`}
      data-testid="add-step"
    >
      <Handle type="target" position={Position.Top} isConnectable={false} className="!h-2 !w-2 !min-h-0 !min-w-0 !border-0 !bg-slate-300" />
      <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
        <path d="M12 5v14M5 12h14" />
      </svg>
      Add a step
    </div>
  );
}

export const AddNode = memo(AddNodeView);
