import { ExportCsvButton } from "./export-csv-button";

const HEIGHT = 120;

/** One series of a bar chart: its name, its value in a bar, its colours, and how it reads in the table. */
export interface BarSeries<Row> {
  label: string;
  value: (row: Row) => number;
  /** The value as the table for screen readers says it (default: the number). */
  text?: (row: Row) => string;
  /** The bar's fill and the legend's swatch (Tailwind classes). */
  fill: string;
  swatch: string;
}

/**
 * The back office's one chart: bars over time, hand-drawn SVG (docs/decisions/0324-giving-dashboard.md),
 * one bar per row (a day, a week, a month). Several series are stacked (parts of a whole: card and
 * offline gifts) or drawn in front of one another (a part in front of its whole: visitors in front of
 * page views). The bars fill the card's width, so it reads at 375 px as on a desktop; the names under
 * the bars are HTML, not SVG text that stretching would distort; a table says every figure to screen
 * readers.
 */
export function BarChart<Row>({
  caption,
  rows,
  series,
  stacked = false,
  rowHeading,
  rowName,
  tick,
  exportPath,
  testId,
}: {
  caption: string;
  rows: Row[];
  /** Back to front (or bottom to top when stacked). */
  series: BarSeries<Row>[];
  stacked?: boolean;
  /** The table's first column: "Day", "Month". */
  rowHeading: string;
  /** A row's name in the table ("2026-11-28", "November 2026"). */
  rowName: (row: Row) => string;
  /** The short name under a bar, or null for none (a long run names only its ends). */
  tick: (row: Row, index: number) => string | null;
  exportPath?: string;
  testId?: string;
}) {
  const total = (row: Row) =>
    stacked
      ? series.reduce((sum, one) => sum + one.value(row), 0)
      : Math.max(0, ...series.map((one) => one.value(row)));
  const largest = Math.max(1, ...rows.map(total));
  const slot = 10;
  const width = slot * Math.max(1, rows.length);
  const y = (value: number) => (value / largest) * (HEIGHT - 4);
  const ticks = rows.map((row, index) => ({ index, text: tick(row, index) })).filter((one) => one.text !== null);
  return (
    <figure className="rounded-2xl border border-black/10 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <figcaption className="font-semibold">{caption}</figcaption>
        {exportPath ? <ExportCsvButton path={exportPath} of={caption} /> : null}
      </div>
      {series.length > 1 ? (
        <div className="mt-2 flex flex-wrap gap-4 text-sm text-muted" aria-hidden="true">
          {[...series].reverse().map((one) => (
            <span key={one.label} className="inline-flex items-center gap-1.5">
              <span className={`h-3 w-3 rounded-sm ${one.swatch}`} /> {one.label}
            </span>
          ))}
        </div>
      ) : null}
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="mt-3 h-40 w-full"
        aria-hidden="true"
        focusable="false"
        data-testid={testId}
      >
        <line x1="0" x2={width} y1={HEIGHT} y2={HEIGHT} className="stroke-black/20" />
        {rows.map((row, index) => {
          let base = HEIGHT;
          return (
            <g key={rowName(row)}>
              {series.map((one) => {
                const height = y(one.value(row));
                const top = (stacked ? base : HEIGHT) - height;
                if (stacked) base = top;
                return (
                  <rect
                    key={one.label}
                    x={index * slot + 1}
                    y={top}
                    width={slot - 2}
                    height={height}
                    className={one.fill}
                  />
                );
              })}
            </g>
          );
        })}
      </svg>
      <div className="relative mt-1 h-4 text-xs text-muted" aria-hidden="true">
        {ticks.map(({ index, text }) => {
          // The first and last names keep to the edges; the others sit under their bar.
          const edge = index === 0 ? "left-0" : index === rows.length - 1 ? "right-0" : "-translate-x-1/2";
          const left = index === 0 || index === rows.length - 1 ? undefined : `${((index + 0.5) / rows.length) * 100}%`;
          return (
            <span key={index} className={`absolute top-0 whitespace-nowrap ${edge}`} style={{ left }}>
              {text}
            </span>
          );
        })}
      </div>
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{rowHeading}</th>
            {[...series].reverse().map((one) => (
              <th key={one.label} scope="col">
                {one.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowName(row)}>
              <th scope="row">{rowName(row)}</th>
              {[...series].reverse().map((one) => (
                <td key={one.label}>{one.text ? one.text(row) : one.value(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
