import { useState } from "react";
import { sitePathLang } from "../../../core/site-content/site-content.translation-fields";
import type { FaqItem } from "../../content/home";
import { island } from "../../islands/island";

/** Accordion (spec §4): one answer open at a time; choosing the open one closes it. */
export function Faq({ items, englishPaths }: { items: FaqItem[]; englishPaths?: string[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const prefix = "faq";
  return (
    <div className="divide-y divide-black/10 rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
      {items.map((item, index) => {
        const isOpen = open === index;
        const questionId = `${prefix}-q${index}`;
        const answerId = `${prefix}-a${index}`;
        return (
          <div key={item.question}>
            <h3>
              <button
                type="button"
                id={questionId}
                aria-expanded={isOpen}
                aria-controls={answerId}
                onClick={() => setOpen(isOpen ? null : index)}
                className="flex w-full items-center justify-between gap-4 px-5 py-5 text-left text-lg font-semibold text-brand-dark hover:bg-sand sm:px-7"
              >
                <span lang={sitePathLang(englishPaths, `faq.${index}.question`)}>{item.question}</span>
                <span
                  aria-hidden="true"
                  className={`inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-light text-brand transition-transform motion-reduce:transition-none ${
                    isOpen ? "rotate-45" : ""
                  }`}
                >
                  <svg
                    aria-hidden="true"
                    width="14"
                    height="14"
                    viewBox="0 0 14 14"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2.5"
                  >
                    <path d="M7 1v12M1 7h12" />
                  </svg>
                </span>
              </button>
            </h3>
            <section
              id={answerId}
              aria-labelledby={questionId}
              hidden={!isOpen}
              className="px-5 pb-6 text-muted sm:px-7"
            >
              <p lang={sitePathLang(englishPaths, `faq.${index}.answer`)}>{item.answer}</p>
            </section>
          </div>
        );
      })}
    </div>
  );
}

export const FaqIsland = island("faq", Faq);
