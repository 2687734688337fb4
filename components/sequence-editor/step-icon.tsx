import type { StepType } from "@/server/schemas/sequence";
import { STEP_GLYPHS } from "./kinds";

export function StepIcon({ type, className = "size-4" }: { type: StepType; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={`shrink-0 ${className}`} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={STEP_GLYPHS[type]} />
    </svg>
  );
}
