import { useI18n } from "../i18n/i18n";

interface CategoryChipsProps {
  /** Names the group for screen readers, e.g. "Video categories". */
  label: string;
  options: readonly string[];
  selected: string;
  /** Link for each chip: the filter lives in the URL so it can be shared and server-rendered. */
  hrefFor: (option: string) => string;
  /** Applies a chip's link in place (an island fetching its own list); without it a chip loads its page. */
  onChoose?: (href: string) => void;
}

/** Filter chips as links, so they also work before the page's script has loaded. */
export function CategoryChips({ label, options, selected, hrefFor, onChoose }: CategoryChipsProps) {
  const { category } = useI18n();
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => {
          const active = option === selected;
          return (
            <li key={option}>
              <a
                href={hrefFor(option)}
                onClick={(event) => {
                  if (!onChoose || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  onChoose(hrefFor(option));
                }}
                aria-current={active ? "true" : undefined}
                className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold transition-colors ${
                  active ? "bg-brand text-white" : "bg-white text-ink ring-1 ring-black/10 hover:bg-brand-light"
                }`}
              >
                {category(option)}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
