import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import type { BlurRectangle } from "../../../core/media/blur";
import type { StoredImage } from "../../../core/media/media.schema";
import { api, apiBlob, errorMessage } from "../../lib/api-client";
import { Button } from "../button";

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const percent = (value: number) => Math.round(value * 1000) / 10;
/** One arrow key press moves or resizes by 1 % of the picture. */
const STEP = 0.01;
const MIN_SIZE = 0.02;

function fitInside(rect: BlurRectangle): BlurRectangle {
  const width = clamp(rect.width, MIN_SIZE, 1);
  const height = clamp(rect.height, MIN_SIZE, 1);
  return { x: clamp(rect.x, 0, 1 - width), y: clamp(rect.y, 0, 1 - height), width, height };
}

const describeRect = (rect: BlurRectangle, index: number) =>
  `Rectangle ${index + 1}: ${percent(rect.x)} % from the left, ${percent(rect.y)} % from the top, ${percent(rect.width)} % wide, ${percent(rect.height)} % high`;

/**
 * Blur faces or identifying details before publishing (docs/decisions/0471-blur-before-publishing.md). Staff draw
 * rectangles with the pointer, or add one and move it with the arrow keys (Shift + arrows resizes)
 * or type its position in the number fields; "Preview blur" shows what the server will make, "Apply
 * blur" replaces the picture for good (the unblurred files are deleted). Opening it moves focus into
 * it; Cancel or Escape closes it and gives focus back to its button.
 */
export function BlurEditor({
  id,
  imageUrl,
  onApplied,
}: {
  id: string;
  imageUrl: string;
  onApplied: (image: StoredImage) => void;
}) {
  const [open, setOpen] = useState(false);
  const [rectangles, setRectangles] = useState<BlurRectangle[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [drawing, setDrawing] = useState<{ start: { x: number; y: number }; rect: BlurRectangle } | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const surface = useRef<HTMLDivElement>(null);
  const handles = useRef<Array<HTMLButtonElement | null>>([]);
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // The button that opens the tool and the tool replace each other: focus follows, so a keyboard
  // user lands in the tool on opening and back on its button on closing, never on <body>.
  useEffect(() => {
    if (open) heading.current?.focus();
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  // A changed rectangle makes the old preview wrong.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared whenever the rectangles change
  useEffect(() => setPreview(null), [rectangles]);

  function update(index: number, rect: BlurRectangle) {
    const next = fitInside(rect);
    setRectangles((current) => current.map((r, i) => (i === index ? next : r)));
    setAnnouncement(describeRect(next, index));
  }

  function add() {
    const index = rectangles.length;
    setRectangles((current) => [...current, { x: 0.35, y: 0.3, width: 0.3, height: 0.3 }]);
    setSelected(index);
    requestAnimationFrame(() => handles.current[index]?.focus());
  }

  function remove(index: number) {
    setRectangles((current) => current.filter((_, i) => i !== index));
    setSelected(null);
  }

  function onKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const rect = rectangles[index];
    if (!rect) return;
    const move = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] }[
      event.key
    ] as [number, number] | undefined;
    if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      remove(index);
      return;
    }
    if (!move) return;
    event.preventDefault();
    const [dx, dy] = move;
    update(
      index,
      event.shiftKey
        ? { ...rect, width: rect.width + dx, height: rect.height + dy }
        : { ...rect, x: rect.x + dx, y: rect.y + dy },
    );
  }

  const pointAt = (event: PointerEvent) => {
    const box = surface.current?.getBoundingClientRect();
    if (!box) return { x: 0, y: 0 };
    return {
      x: clamp((event.clientX - box.left) / box.width, 0, 1),
      y: clamp((event.clientY - box.top) / box.height, 0, 1),
    };
  };
  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.target !== surface.current && !(event.target as HTMLElement).dataset.surface) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const start = pointAt(event);
    setDrawing({ start, rect: { ...start, width: 0, height: 0 } });
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!drawing) return;
    const point = pointAt(event);
    const { start } = drawing;
    setDrawing({
      start,
      rect: {
        x: Math.min(start.x, point.x),
        y: Math.min(start.y, point.y),
        width: Math.abs(point.x - start.x),
        height: Math.abs(point.y - start.y),
      },
    });
  }
  function onPointerUp() {
    if (!drawing) return;
    const { rect } = drawing;
    setDrawing(null);
    if (rect.width < MIN_SIZE || rect.height < MIN_SIZE) return;
    setRectangles((current) => [...current, fitInside(rect)]);
    setSelected(rectangles.length);
  }

  function close() {
    setRectangles([]);
    setOpen(false);
  }

  const request = () => ({ imageUrl, rectangles });
  async function showPreview() {
    setBusy(true);
    try {
      const query = new URLSearchParams({ imageUrl, rectangles: JSON.stringify(rectangles) });
      setPreview(URL.createObjectURL(await apiBlob(`/api/admin/images/blur-preview?${query}`)));
    } catch (error) {
      toast.error(errorMessage(error, "The preview could not be made."));
    } finally {
      setBusy(false);
    }
  }
  async function apply() {
    setBusy(true);
    try {
      const image = await api<StoredImage>("/api/admin/images/blur", { method: "POST", json: request() });
      toast.success("Blur applied; the unblurred picture is deleted.");
      close();
      onApplied(image);
    } catch (error) {
      toast.error(errorMessage(error, "The blur could not be applied."));
    } finally {
      setBusy(false);
    }
  }

  const box = (rect: BlurRectangle) => ({
    left: `${rect.x * 100}%`,
    top: `${rect.y * 100}%`,
    width: `${rect.width * 100}%`,
    height: `${rect.height * 100}%`,
  });
  const current = selected === null ? undefined : rectangles[selected];
  const numberField = (key: keyof BlurRectangle, label: string) =>
    current &&
    selected !== null && (
      <div>
        <label htmlFor={`${id}-${key}`} className="block text-sm font-semibold text-ink">
          {label}
        </label>
        <input
          id={`${id}-${key}`}
          type="number"
          min={0}
          max={100}
          step={1}
          value={percent(current[key])}
          onChange={(event) => update(selected, { ...current, [key]: Number(event.target.value) / 100 })}
          className="mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-ink"
        />
      </div>
    );

  if (!open) {
    return (
      <Button ref={opener} variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Blur faces or details
      </Button>
    );
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      // Escape anywhere in the tool is Cancel, as in the back office's dialogs; not while the server
      // makes a preview or applies the blur. Kept from any dialog around the tool.
      onKeyDown={(event) => {
        if (event.key !== "Escape" || busy) return;
        event.preventDefault();
        event.stopPropagation();
        close();
      }}
      className="rounded-xl border border-gray-200 bg-white p-4"
    >
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} className="text-base font-bold text-ink focus:outline-none">
        Blur faces or details
      </h2>
      <p className="mt-1 text-sm text-muted">
        Draw a rectangle over each face, name tag or sign, or press Add rectangle and move it with the arrow keys (Shift
        + arrows changes its size). Preview, then apply: the unblurred picture is deleted.
      </p>
      <div
        ref={surface}
        data-surface="true"
        className="relative mt-3 max-w-xl touch-none select-none overflow-hidden rounded-lg bg-gray-100"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
      >
        <img
          src={imageUrl}
          alt="The original, to draw rectangles on"
          className="pointer-events-none block w-full"
          draggable={false}
        />
        {rectangles.map((rect, index) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: rectangles are numbered by position
            key={index}
            ref={(element) => {
              handles.current[index] = element;
            }}
            type="button"
            aria-label={describeRect(rect, index)}
            aria-pressed={selected === index}
            onClick={() => setSelected(index)}
            onFocus={() => setSelected(index)}
            onKeyDown={(event) => onKey(event, index)}
            style={box(rect)}
            className={`absolute border-2 bg-white/40 backdrop-blur-sm focus:outline-none focus-visible:ring-4 focus-visible:ring-accent ${
              selected === index ? "border-accent-dark" : "border-white"
            }`}
          />
        ))}
        {drawing && <div style={box(drawing.rect)} className="absolute border-2 border-dashed border-white" />}
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={add}>
          Add rectangle
        </Button>
        {selected !== null && current && (
          <Button variant="secondary" size="sm" onClick={() => remove(selected)}>
            Remove rectangle {selected + 1}
          </Button>
        )}
      </div>
      {current && selected !== null && (
        <fieldset className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <legend className="text-sm font-semibold text-ink">Rectangle {selected + 1}, in % of the picture</legend>
          {numberField("x", "Left")}
          {numberField("y", "Top")}
          {numberField("width", "Width")}
          {numberField("height", "Height")}
        </fieldset>
      )}
      {preview && (
        <figure className="mt-4 max-w-xl">
          <img src={preview} alt="The blurred result, as it will be saved" className="block w-full rounded-lg" />
          <figcaption className="mt-1 text-sm text-muted">
            Preview: nothing is saved until you apply the blur.
          </figcaption>
        </figure>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={showPreview} disabled={busy || rectangles.length === 0}>
          Preview blur
        </Button>
        <Button size="sm" onClick={apply} disabled={busy || rectangles.length === 0}>
          Apply blur
        </Button>
        <Button variant="secondary" size="sm" onClick={close}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
