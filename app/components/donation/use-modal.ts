import { type RefObject, useLayoutEffect } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * What makes a dialog modal for keyboard and screen-reader users: focus moves in and stays in
 * (Tab wraps), Escape closes, and the page behind does not scroll. Focus goes back to the opener
 * on close (DonationRoot does that).
 *
 * A layout effect: it runs as the dialog is put in the page, not after the next paint (Preact,
 * which runs the islands, defers plain effects to a frame), so focus is inside and Escape works
 * from the first moment the dialog shows.
 */
export function useModal(panelRef: RefObject<HTMLElement | null>, onClose: () => void) {
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const focusables = () =>
      Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
    (panel.querySelector<HTMLElement>("[data-autofocus]") ?? focusables()[0] ?? panel).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== "Tab") return;
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      const outside = !panel.contains(active);
      if (event.shiftKey && (active === first || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || outside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);

    // Lock the page behind; pad for the vanished scrollbar so nothing jumps sideways.
    const { overflow, paddingRight } = document.body.style;
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    document.body.style.overflow = "hidden";
    if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.body.style.overflow = overflow;
      document.body.style.paddingRight = paddingRight;
    };
  }, [panelRef, onClose]);
}
