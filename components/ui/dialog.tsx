"use client";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "./button";

/**
 * A modal dialog on the native <dialog> element: the page behind it is inert (so focus stays
 * inside), Escape closes it, and focus returns to whatever opened it. Render it only while open.
 */
export function Dialog({
  title,
  description,
  onClose,
  children,
  size = "md",
}: {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  size?: "sm" | "md" | "lg";
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) {
      dialog.showModal();
      // Start on what the dialog is for (its first field, or a [data-autofocus] control), not on Close.
      const body = dialog.querySelector("[data-dialog-body]");
      const first = body?.querySelector<HTMLElement>("[data-autofocus], input:not([type=hidden]):not([disabled]), textarea:not([disabled]), select:not([disabled])");
      first?.focus();
    }
    return () => {
      if (dialog?.open) dialog.close();
      opener?.focus?.();
    };
  }, []);
  const width = size === "sm" ? "max-w-md" : size === "lg" ? "max-w-2xl" : "max-w-xl";
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: let React decide, so the dialog closes through the same path as the Close button.
        event.preventDefault();
        onClose();
      }}
      onMouseDown={(event) => {
        if (event.target === ref.current) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${width} rounded-xl bg-white p-0 text-slate-900 shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/40 backdrop:backdrop-blur-[1px]`}
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="mt-1 text-sm text-slate-500">
              {description}
            </p>
          )}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="-mr-2 rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
        >
          <svg viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <path d="M5 5l10 10M15 5 5 15" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div data-dialog-body className="max-h-[75vh] overflow-y-auto px-6 py-5">
        {children}
      </div>
    </dialog>
  );
}

/**
 * A dialog's footer: the way out, then the one thing the dialog does. Without onConfirm the button
 * submits the dialog's form. A destructive dialog (danger) starts on the way out, so that Enter
 * does not destroy anything; while busy, the button is disabled and says what is happening.
 */
export function DialogActions({
  onCancel,
  cancelLabel = "Cancel",
  label,
  busyLabel,
  busy = false,
  danger = false,
  onConfirm,
}: {
  onCancel: () => void;
  cancelLabel?: string;
  label: string;
  busyLabel: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm?: () => void;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel} data-autofocus={danger || undefined}>
        {cancelLabel}
      </Button>
      <Button type={onConfirm ? "button" : "submit"} variant={danger ? "danger" : "primary"} disabled={busy} onClick={onConfirm}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
