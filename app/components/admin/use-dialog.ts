import { type RefObject, useEffect, useRef } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open dialogs, innermost last: only the innermost answers Tab and Escape. */
const stack: symbol[] = [];

/**
 * What a modal dialog owes a keyboard and screen-reader user (WCAG 2.1.2, 2.4.3): focus moves in,
 * Tab and Shift+Tab stay inside, Escape closes, the rest of the page is inert (neither reachable nor
 * read), and on close focus goes back to what opened it — or, when that is gone (the row just
 * deleted), to the page's main region rather than nowhere. The panel must be a child of a direct
 * child of <body> (render it in a portal) for the page around it to be made inert.
 */
export function useDialog(
  panelRef: RefObject<HTMLElement | null>,
  onClose: () => void,
  {
    initialFocusRef,
    modal = true,
  }: {
    initialFocusRef?: RefObject<HTMLElement | null>;
    /** false: the page stays usable and Tab is kept inside only while focus is inside (a question in a toast). */
    modal?: boolean;
  } = {},
) {
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const releaseRef = useRef<() => void>(() => {});

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const id = Symbol("dialog");
    stack.push(id);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;

    const madeInert: HTMLElement[] = [];
    for (const element of modal ? Array.from(document.body.children) : []) {
      if (!(element instanceof HTMLElement) || element.contains(panel) || element.inert) continue;
      // The toasts stay live: what the dialog's actions report, and the questions they ask, show there.
      if (element.tagName === "SCRIPT" || element.matches("[data-rht-toaster]")) continue;
      element.inert = true;
      madeInert.push(element);
    }
    (initialFocusRef?.current ?? panel).focus();

    const onKey = (event: KeyboardEvent) => {
      if (stack.at(-1) !== id) return;
      if (event.key === "Escape") {
        event.preventDefault();
        closeRef.current();
      } else if (event.key === "Tab") {
        const focusable = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
        const first = focusable[0];
        const last = focusable.at(-1);
        if (!first || !last) {
          event.preventDefault();
          return;
        }
        const inside = panel.contains(document.activeElement);
        if (!modal && !inside) return;
        if (event.shiftKey && (document.activeElement === first || !inside)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      document.removeEventListener("keydown", onKey);
      stack.splice(stack.indexOf(id), 1);
      for (const element of madeInert) element.inert = false;
      returnFocus(opener);
    };
    releaseRef.current = release;
    return release;
  }, [panelRef, initialFocusRef, modal]);

  /** Gives focus back at once, for a dialog that lingers on screen while it fades out. */
  return () => releaseRef.current();
}

/**
 * Back to the opener; when it has gone, or goes while it still holds focus (a confirmed delete removes
 * its row a moment later), to the main region: never to nowhere.
 */
export function returnFocus(opener: HTMLElement | null) {
  const toMain = () => document.querySelector<HTMLElement>("main")?.focus();
  if (!opener?.isConnected || opener.closest("[inert]")) {
    toMain();
    return;
  }
  opener.focus();
  const watch = new MutationObserver(() => {
    if (opener.isConnected && document.activeElement === opener) return;
    watch.disconnect();
    if (!opener.isConnected && (document.activeElement === document.body || document.activeElement === null)) toMain();
  });
  watch.observe(document.body, { childList: true, subtree: true });
}
