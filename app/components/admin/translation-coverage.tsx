import { useEffect, useState } from "react";
import type { TranslatableKind, TranslationCoverage } from "../../../core/translations/translations.schema";
import { api } from "../../lib/api-client";

const COVERAGE_TEXT: Record<TranslationCoverage, string> = {
  missing: "No Amharic yet",
  partial: "Amharic: partly",
  complete: "Amharic: complete",
};

/** Whether an item has an Amharic version: in the edit form and in the lists. */
export function CoverageBadge({ coverage }: { coverage: TranslationCoverage }) {
  const tone =
    coverage === "complete"
      ? "bg-green-100 text-green-900"
      : coverage === "partial"
        ? "bg-amber-100 text-amber-900"
        : "bg-gray-100 text-gray-800";
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{COVERAGE_TEXT[coverage]}</span>;
}

/** What the lists' "Amharic" filter offers; "incomplete" is missing or partly translated. */
export type CoverageFilter = "" | TranslationCoverage | "incomplete";

/**
 * How far each item of a kind is translated into Amharic, for a list's badges: `coverageOf(id)` (the
 * lists filter by it in SQL). Until the answer arrives every item counts as missing.
 */
export function useTranslationCoverage(kind: TranslatableKind) {
  const [coverage, setCoverage] = useState<Record<string, TranslationCoverage>>({});
  useEffect(() => {
    api<{ coverage: Record<string, TranslationCoverage> }>(`/api/admin/translations/${kind}?locale=am`)
      .then((answer) => setCoverage(answer.coverage))
      .catch(() => setCoverage({}));
  }, [kind]);
  const coverageOf = (id: string): TranslationCoverage => coverage[id] ?? "missing";
  return { coverageOf };
}

export function CoverageFilterSelect({
  value,
  onChange,
}: {
  value: CoverageFilter;
  onChange: (value: CoverageFilter) => void;
}) {
  return (
    <div>
      <label htmlFor="translation-filter" className="sr-only">
        Amharic version
      </label>
      <select
        id="translation-filter"
        value={value}
        onChange={(event) => onChange(event.target.value as CoverageFilter)}
        className="rounded-lg border border-gray-300 bg-white px-3 py-2"
      >
        <option value="">Any Amharic</option>
        <option value="incomplete">Amharic missing or partly</option>
        <option value="missing">No Amharic yet</option>
        <option value="partial">Amharic: partly</option>
        <option value="complete">Amharic: complete</option>
      </select>
    </div>
  );
}
