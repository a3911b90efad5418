import type { ReactNode } from "react";
import { Button } from "../button";

/**
 * The English a text is translated from, shortened, shown under its Amharic field; nothing when
 * there is no English (so the field gets no empty hint).
 */
export function englishHint(english: string | undefined): ReactNode {
  const text = (english ?? "")
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!text) return undefined;
  return (
    <>
      English: <span lang="en">{text.length > 160 ? `${text.slice(0, 160)}…` : text}</span>
    </>
  );
}

/** Where the panel is: nothing to translate yet, closed, loading, failed to load, or showing its form. */
type AmharicVersionPhase = "unsaved" | "closed" | "loading" | "failed" | "open";

interface AmharicVersionProps {
  headingId: string;
  phase: AmharicVersionPhase;
  /** What the closed panel says about texts without Amharic. */
  closedNote: string;
  /** Shown instead of the button while there is nothing to translate (an item not saved yet). */
  unsavedNote?: string;
  onOpen: () => void;
  /** Beside the heading once loaded, e.g. how much is translated. */
  badge?: ReactNode;
  /** The form, shown when the phase is "open". */
  children: ReactNode;
}

/**
 * The "Amharic version" panel under an English form (docs/decisions/0420-content-translations.md), for items (TranslationSection) and
 * site-content sections (SectionTranslation) alike: closed until asked for, so the English form stays
 * the page's only "Title", "Content"… and nothing more loads until someone wants the Amharic.
 */
export function AmharicVersion({
  headingId,
  phase,
  closedNote,
  unsavedNote,
  onOpen,
  badge,
  children,
}: AmharicVersionProps) {
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          Amharic version
        </h2>
        {badge}
      </div>
      {phase === "unsaved" ? (
        <p className="mt-2 text-sm text-muted">{unsavedNote}</p>
      ) : phase === "closed" ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted">{closedNote}</p>
          <Button variant="secondary" onClick={onOpen}>
            Edit the Amharic version
          </Button>
        </div>
      ) : phase === "failed" ? (
        <p className="mt-2 text-sm text-muted">The Amharic version could not be loaded.</p>
      ) : phase === "loading" ? (
        <p className="mt-2 text-sm text-muted">Loading the Amharic version...</p>
      ) : (
        children
      )}
    </section>
  );
}
