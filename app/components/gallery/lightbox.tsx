import { type PointerEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { GalleryItem } from "../../../core/gallery/gallery.constants";
import { type FieldLanguages, fieldLang } from "../../../core/translations/translations.schema";
import { useI18n } from "../../i18n/i18n";
import { formatCalendarDate } from "../../lib/calendar-date";
import { ICON_PATHS, Icon } from "../icon";
import { ResponsiveImage } from "../responsive-image";
import { clampOffset, MAX_ZOOM, MIN_ZOOM, type Offset, zoomIn, zoomOut } from "./zoom";

interface LightboxProps {
  item: GalleryItem & FieldLanguages;
  onClose: () => void;
}

const iconButton =
  "inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/25 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-white/10";

/** How far one press of an arrow key or pan button moves a zoomed picture, in pixels. */
const PAN_STEP = 80;

const LightboxIcon = ({ d }: { d: string }) => <Icon d={d} size={22} />;

/**
 * One gallery item's images, full screen (spec §4 Gallery): previous/next within the item, zoom
 * ×1.5 steps from 1 to 4, drag to pan only while zoomed (mouse and touch through pointer events),
 * closed by Escape, the close button or a click on the backdrop. Focus stays inside while open and
 * goes back to what opened it. Controls at a limit are aria-disabled, not disabled: a disabled
 * button would drop keyboard focus out of the dialog.
 */
export function Lightbox({ item, onClose }: LightboxProps) {
  const { t, locale, category } = useI18n();
  const [index, setIndexState] = useState(0);
  const [zoom, setZoomState] = useState(MIN_ZOOM);
  // The key handler reads these: two quick key presses can come before the page has re-rendered
  // (Preact runs effects after paint), and each must build on the one before.
  const current = useRef({ index: 0, zoom: MIN_ZOOM });
  const setIndex = (next: number) => {
    current.current.index = next;
    setIndexState(next);
  };
  const setZoom = (next: number) => {
    current.current.zoom = next;
    setZoomState(next);
  };
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const [dragging, setDragging] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const drag = useRef<{ pointerId: number; startX: number; startY: number; from: Offset } | null>(null);
  const count = item.images.length;
  const image = item.images[index];

  // A new item starts unzoomed at its cover.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets on item change only
  useEffect(() => {
    setIndex(0);
    setZoom(MIN_ZOOM);
    setOffset({ x: 0, y: 0 });
  }, [item._id]);

  // Layout effects, here and for the keys: in place as the lightbox shows, and the keys read the
  // current image after every change (Preact defers plain effects to the next frame).
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    closeButton.current?.focus();
    return () => {
      root.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  function show(next: number) {
    setIndex(next);
    setZoom(MIN_ZOOM);
    setOffset({ x: 0, y: 0 });
  }

  /** Keys and buttons pan a zoomed image too: dragging must not be the only way (WCAG 2.5.7). */
  function pan(dx: number, dy: number) {
    const box = frame.current?.getBoundingClientRect();
    const level = current.current.zoom;
    if (!box || level <= MIN_ZOOM) return;
    setOffset((offset) => clampOffset({ x: offset.x + dx, y: offset.y + dy }, level, box));
  }

  function changeZoom(next: number) {
    setZoom(next);
    const box = frame.current?.getBoundingClientRect();
    setOffset((current) => (box ? clampOffset(current, next, box) : { x: 0, y: 0 }));
  }

  // Keys are read at document level: a click on the backdrop area must not leave the lightbox deaf.
  useLayoutEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      const arrows: Record<string, [number, number]> = {
        ArrowLeft: [PAN_STEP, 0],
        ArrowRight: [-PAN_STEP, 0],
        ArrowUp: [0, PAN_STEP],
        ArrowDown: [0, -PAN_STEP],
      };
      if (event.key === "Escape") {
        event.preventDefault();
        onClose();
      } else if (current.current.zoom > MIN_ZOOM && arrows[event.key]) {
        // Zoomed in, the arrows move the picture; unzoomed, left and right change the picture.
        event.preventDefault();
        const [dx, dy] = arrows[event.key] as [number, number];
        pan(dx, dy);
      } else if (event.key === "ArrowRight" && current.current.index < count - 1) {
        show(current.current.index + 1);
      } else if (event.key === "ArrowLeft" && current.current.index > 0) {
        show(current.current.index - 1);
      } else if (event.key === "Tab") {
        trapFocus(event);
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  });

  function trapFocus(event: globalThis.KeyboardEvent) {
    const focusable = Array.from(
      dialog.current?.querySelectorAll<HTMLElement>("button, [href], [tabindex]:not([tabindex='-1'])") ?? [],
    );
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const inside = dialog.current?.contains(document.activeElement);
    if (event.shiftKey && (!inside || document.activeElement === first)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
      event.preventDefault();
      first.focus();
    }
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (zoom <= MIN_ZOOM) return;
    // No text selection or native image drag: either would cancel the pointer mid-pan.
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, from: offset };
    setDragging(true);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    const box = event.currentTarget.getBoundingClientRect();
    setOffset(
      clampOffset(
        { x: start.from.x + event.clientX - start.startX, y: start.from.y + event.clientY - start.startY },
        zoom,
        box,
      ),
    );
  }

  const endDrag = () => {
    drag.current = null;
    setDragging(false);
  };

  // In <body>, not in the gallery's section: above the sticky site header, whatever stacking the page has.
  return createPortal(
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-labelledby="lightbox-title"
      className="fixed inset-0 z-[60] flex flex-col bg-[#0d1a1e] text-white"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="flex items-center justify-between gap-2 p-3 sm:p-4">
        <p className="text-sm text-white/80" aria-live="polite">
          {t("lightbox.imageOf", { number: index + 1, count })}
        </p>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={iconButton}
            onClick={() => changeZoom(zoomOut(zoom))}
            aria-disabled={zoom <= MIN_ZOOM}
            aria-label={t("lightbox.zoomOut")}
          >
            <LightboxIcon d="M5 12h14" />
          </button>
          <output className="w-14 text-center text-sm tabular-nums" aria-label={t("lightbox.zoomLevel")}>
            {Math.round(zoom * 100)}%
          </output>
          <button
            type="button"
            className={iconButton}
            onClick={() => changeZoom(zoomIn(zoom))}
            aria-disabled={zoom >= MAX_ZOOM}
            aria-label={t("lightbox.zoomIn")}
          >
            <LightboxIcon d="M12 5v14M5 12h14" />
          </button>
          <button
            ref={closeButton}
            type="button"
            className={`${iconButton} ml-2`}
            onClick={onClose}
            aria-label={t("common.close")}
          >
            <LightboxIcon d={ICON_PATHS.close} />
          </button>
        </div>
      </div>

      <div
        className="relative flex min-h-0 flex-1 items-center justify-center px-2 sm:px-16"
        onClick={(event) => {
          if (event.target === event.currentTarget) onClose();
        }}
      >
        {image && (
          <div
            ref={frame}
            data-testid="lightbox-frame"
            className={`relative max-h-full max-w-full overflow-hidden select-none ${zoom > MIN_ZOOM ? "cursor-grab touch-none active:cursor-grabbing" : ""}`}
            onDragStart={(event) => event.preventDefault()}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
          >
            <div
              data-testid="lightbox-image"
              style={{ transform: `translate(${offset.x}px, ${offset.y}px) scale(${zoom})` }}
              // Zoom steps animate; a drag follows the pointer without lag.
              className={dragging ? "" : "transition-transform duration-150 ease-out"}
            >
              <ResponsiveImage
                key={image.url}
                image={image}
                // Its description; an undescribed one is named by the title, in its language (the counter
                // above says which image of how many, in the page's); a decorative one by nothing.
                alt={item.imageAlts?.[index] || (item.imageDecoratives?.[index] ? "" : item.title)}
                lang={fieldLang(item, item.imageAlts?.[index] ? `imageAlts.${index}` : "title")}
                sizes="100vw"
                priority
                className="pointer-events-none max-h-[calc(100dvh-12rem)] w-auto max-w-full select-none object-contain"
              />
            </div>
          </div>
        )}
        {count > 1 && (
          <>
            <button
              type="button"
              className={`${iconButton} absolute top-1/2 left-2 -translate-y-1/2 sm:left-4`}
              onClick={() => index > 0 && show(index - 1)}
              aria-disabled={index === 0}
              aria-label={t("lightbox.previous")}
            >
              <LightboxIcon d="M15 6l-6 6 6 6" />
            </button>
            <button
              type="button"
              className={`${iconButton} absolute top-1/2 right-2 -translate-y-1/2 sm:right-4`}
              onClick={() => index < count - 1 && show(index + 1)}
              aria-disabled={index === count - 1}
              aria-label={t("lightbox.next")}
            >
              <LightboxIcon d="M9 6l6 6-6 6" />
            </button>
          </>
        )}
        {zoom > MIN_ZOOM && (
          <fieldset className="absolute right-3 bottom-3 grid grid-cols-3 gap-1">
            <legend className="sr-only">{t("lightbox.move")}</legend>
            {(
              [
                [t("lightbox.moveUp"), 0, PAN_STEP, "col-start-2", "M6 15l6-6 6 6"],
                [t("lightbox.moveLeft"), PAN_STEP, 0, "col-start-1", "M15 6l-6 6 6 6"],
                [t("lightbox.moveRight"), -PAN_STEP, 0, "col-start-3", "M9 6l6 6-6 6"],
                [t("lightbox.moveDown"), 0, -PAN_STEP, "col-start-2", "M6 9l6 6 6-6"],
              ] as const
            ).map(([label, dx, dy, column, d]) => (
              <button
                key={label}
                type="button"
                className={`${iconButton} ${column}`}
                onClick={() => pan(dx, dy)}
                aria-label={label}
              >
                <LightboxIcon d={d} />
              </button>
            ))}
          </fieldset>
        )}
      </div>

      <div className="mx-auto w-full max-w-3xl px-4 pt-2 pb-5 text-center">
        <h2 id="lightbox-title" className="text-lg font-semibold" lang={fieldLang(item, "title")}>
          {item.title}
        </h2>
        <p className="mt-1 text-sm text-white/75">
          {category(item.category)} · {formatCalendarDate(item.eventDate, "long", locale)}
        </p>
        <p className="mt-2 line-clamp-3 text-sm text-white/85" lang={fieldLang(item, "description")}>
          {item.description}
        </p>
      </div>
    </div>,
    document.body,
  );
}
