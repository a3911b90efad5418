/**
 * One line per figure: what was measured, its value, and the target beside it. A figure without a
 * target is context (how many cycles, how many requests).
 */
export interface Figure {
  name: string;
  value: number | string;
  /** The value it should have; a figure above it misses the target. */
  target?: number;
  note?: string;
}

function formatFigure({ name, value, target, note }: Figure): string {
  const verdict = target === undefined ? "" : typeof value === "number" && value <= target ? "ok" : "MISSED";
  const targetText = target === undefined ? "" : `target ${target}`;
  return [name.padEnd(58), String(value).padStart(8), targetText.padEnd(10), verdict.padEnd(7), note ?? ""]
    .join("  ")
    .trimEnd();
}

/** Prints each figure as it is known (a long run shows progress) and keeps them for the summary. */
export class FigureLog {
  readonly figures: Figure[] = [];
  add(figure: Figure) {
    this.figures.push(figure);
    console.log(formatFigure(figure));
  }
  skipped(part: string, reason: string) {
    console.log(`${`${part}: skipped`.padEnd(58)}  ${reason}`);
  }
  get missed(): Figure[] {
    return this.figures.filter((f) => f.target !== undefined && !(typeof f.value === "number" && f.value <= f.target));
  }
}
