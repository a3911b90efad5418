import { type KeyboardEvent, useRef, useState } from "react";
import { sitePathLang } from "../../../core/site-content/site-content.translation-fields";
import type { BoardMember } from "../../content/about";
import { useI18n } from "../../i18n/i18n";
import { island } from "../../islands/island";
import { ResponsiveImage } from "../responsive-image";

const NEXT_KEYS = ["ArrowDown", "ArrowRight"];
const PREVIOUS_KEYS = ["ArrowUp", "ArrowLeft"];

/**
 * Board list (spec §4): choosing a member shows that member's quote. Built as WAI-ARIA tabs, so
 * arrow keys, Home and End move between members; the first member is selected to begin with.
 */
export function BoardPicker({
  members,
  englishPaths,
}: {
  members: BoardMember[];
  /** On an Amharic page, the members' texts still in English ("board.0.role"). */
  englishPaths?: string[] | undefined;
}) {
  const { t, untranslated } = useI18n();
  const en = (index: number, key: string) => sitePathLang(englishPaths, `board.${index}.${key}`);
  const [selected, setSelected] = useState(0);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const prefix = "board";

  const select = (index: number) => {
    const next = (index + members.length) % members.length;
    setSelected(next);
    tabs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (NEXT_KEYS.includes(event.key)) select(selected + 1);
    else if (PREVIOUS_KEYS.includes(event.key)) select(selected - 1);
    else if (event.key === "Home") select(0);
    else if (event.key === "End") select(members.length - 1);
    else return;
    event.preventDefault();
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-10">
      <div
        role="tablist"
        aria-label={t("board.members")}
        aria-orientation="vertical"
        className="grid grid-cols-2 gap-3 lg:grid-cols-1"
        onKeyDown={onKeyDown}
      >
        {members.map((member, index) => {
          const isSelected = index === selected;
          return (
            <button
              key={member.id}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${prefix}-tab-${member.id}`}
              aria-selected={isSelected}
              aria-controls={`${prefix}-panel-${member.id}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => setSelected(index)}
              className={`flex items-center gap-3 rounded-2xl p-3 text-left ring-1 transition-colors ${
                isSelected ? "bg-brand text-white ring-brand" : "bg-white text-ink ring-black/10 hover:bg-brand-light"
              }`}
            >
              <ResponsiveImage
                image={member.image}
                alt=""
                sizes="56px"
                pictureClassName="shrink-0"
                className="h-12 w-12 rounded-full sm:h-14 sm:w-14"
              />
              <span className="min-w-0">
                <span className="block font-semibold leading-tight" lang={untranslated}>
                  {member.name}
                </span>
                <span
                  className={`block text-sm ${isSelected ? "text-white/85" : "text-muted"}`}
                  lang={en(index, "role")}
                >
                  {member.role}
                </span>
              </span>
            </button>
          );
        })}
      </div>
      {members.map((member, index) => (
        <div
          key={member.id}
          role="tabpanel"
          id={`${prefix}-panel-${member.id}`}
          aria-labelledby={`${prefix}-tab-${member.id}`}
          hidden={index !== selected}
          className="rounded-3xl bg-brand-dark p-8 text-white sm:p-10"
        >
          <figure>
            <svg width="44" height="34" viewBox="0 0 44 34" aria-hidden="true" className="text-amber-300">
              <path
                fill="currentColor"
                d="M0 34V20C0 8 6 1 17 0l2 5c-6 2-9 6-9 11h8v18H0zm25 0V20C25 8 31 1 42 0l2 5c-6 2-9 6-9 11h8v18H25z"
              />
            </svg>
            <blockquote className="mt-5 text-xl leading-relaxed sm:text-2xl">
              <p lang={en(index, "thought")}>{member.thought}</p>
            </blockquote>
            <figcaption className="mt-6 flex items-center gap-4">
              <ResponsiveImage
                image={member.image}
                alt=""
                sizes="64px"
                pictureClassName="shrink-0"
                className="h-16 w-16 rounded-full ring-2 ring-white/40"
              />
              <span>
                <span className="block font-bold" lang={untranslated}>
                  {member.name}
                </span>
                <span className="block text-white/80" lang={en(index, "role")}>
                  {member.role}
                </span>
              </span>
            </figcaption>
          </figure>
        </div>
      ))}
    </div>
  );
}

export const BoardPickerIsland = island("board-picker", BoardPicker);
