import type { ButtonHTMLAttributes } from "react";
import { Button } from "@/components/ui/button";

/** A decision's button with its key beside the label (the key is a hint, not part of the name). */
export function ActionButton({
  shortcut,
  children,
  variant = "secondary",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { shortcut?: string; variant?: "primary" | "secondary" | "danger" | "ghost" }) {
  return (
    <Button variant={variant} {...props}>
      {children}
      {shortcut && (
        <kbd aria-hidden="true" className={`ml-1 hidden rounded px-1 font-sans text-[10px] font-semibold sm:inline ${variant === "primary" || variant === "danger" ? "bg-white/20" : "bg-slate-100 text-slate-500"}`}>
          {shortcut}
        </kbd>
      )}
    </Button>
  );
}
