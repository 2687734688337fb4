"use client";
// Unsaved changes are not lost by leaving without a warning: closing or reloading the tab
// (beforeunload), following a link inside the app, or going back in history.
import { useEffect } from "react";

export const LEAVE_MESSAGE = "You have unsaved changes to this sequence. Leave without saving?";

function isInAppNavigation(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.("a[href]");
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return url.href;
}

const GUARD_STATE = "heraldUnsavedGuard";

export function useUnsavedChangesGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = "";
    };
    // Capture phase on the document: runs before Next's <Link> handler, which React attaches below.
    const onClick = (event: MouseEvent) => {
      if (isInAppNavigation(event) && !window.confirm(LEAVE_MESSAGE)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    // Back and forward: an extra history entry on this page catches the first step back.
    window.history.pushState({ ...(window.history.state as object | null), [GUARD_STATE]: true }, "", window.location.href);
    let leaving = false;
    const onPopState = () => {
      if (leaving || (window.history.state as Record<string, unknown> | null)?.[GUARD_STATE]) return;
      if (window.confirm(LEAVE_MESSAGE)) {
        leaving = true;
        window.history.back();
      } else {
        window.history.pushState({ ...(window.history.state as object | null), [GUARD_STATE]: true }, "", window.location.href);
      }
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    window.addEventListener("popstate", onPopState);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("popstate", onPopState);
      // Saved (or leaving): drop the extra entry if we still stand on it.
      if (!leaving && (window.history.state as Record<string, unknown> | null)?.[GUARD_STATE]) window.history.back();
    };
  }, [dirty]);
}
