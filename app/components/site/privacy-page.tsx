import type { ReactNode } from "react";
import {
  BASIS_LABELS,
  PERSONAL_DATA_KINDS,
  retentionSentence,
  STORAGE_LABELS,
} from "../../../core/personal-data/personal-data.registry";
import type { ContactContent, PrivacyContent } from "../../../core/site-content/site-content.schema";
import { sitePathLang } from "../../../core/site-content/site-content.translation-fields";
import { useI18n } from "../../i18n/i18n";
import { PageHeader } from "../page-header";

const LATIN = /(\p{Script=Latin}+(?:[\s.\-/()]+\p{Script=Latin}+)*)/u;

/** An Amharic text with its product names in Latin letters (SQLite, S3, PDF…) marked English. */
function Marked({ text }: { text: string }): ReactNode {
  const parts = text.split(LATIN);
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
      <span key={index} lang="en">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

const paragraphs = (text: string) => text.split(/\n\s*\n/).filter((part) => part.trim() !== "");

/**
 * /privacy and /am/privacy: the staff's own words (site content, section "privacy") around the
 * list of every kind of personal data, drawn from core/personal-data with the periods in force, so
 * the page says what the retention job does (docs/decisions/0680). Also the back office's preview.
 */
export function PrivacyPage({
  content,
  contact,
  periods,
  englishPaths,
  contactEnglishPaths,
}: {
  content: PrivacyContent;
  contact: Pick<ContactContent, "email" | "addressLines">;
  periods: Record<string, number>;
  /** On an Amharic page, the texts of this section and of the contact section still in English. */
  englishPaths?: string[];
  contactEnglishPaths?: string[];
}) {
  const { t, locale } = useI18n();
  const say = (text: string) => (locale === "am" ? <Marked text={text} /> : text);
  return (
    <>
      <PageHeader eyebrow={t("privacy.eyebrow")} title={t("privacy.title")}>
        {paragraphs(content.intro).map((part) => (
          <p key={part} lang={sitePathLang(englishPaths, "intro")} className="mt-2 first:mt-0">
            {part}
          </p>
        ))}
      </PageHeader>
      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
        <section aria-labelledby="privacy-controller">
          <h2 id="privacy-controller" className="text-2xl font-bold">
            {t("privacy.controllerHeading")}
          </h2>
          <p className="mt-3">{t("privacy.controllerText")}</p>
          <p className="mt-3" lang={sitePathLang(englishPaths, "contactPerson")}>
            {content.contactPerson}
          </p>
          <address className="mt-3 not-italic">
            {contact.addressLines.map((line, index) => (
              <span key={line} className="block" lang={sitePathLang(contactEnglishPaths, `addressLines.${index}`)}>
                {line}
              </span>
            ))}
            <a href={`mailto:${contact.email}`} className="font-semibold text-brand underline">
              {contact.email}
            </a>
          </address>
        </section>

        <section aria-labelledby="privacy-kinds" className="mt-12">
          <h2 id="privacy-kinds" className="text-2xl font-bold">
            {t("privacy.kindsHeading")}
          </h2>
          <p className="mt-3">{t("privacy.kindsIntro")}</p>
          <ul className="mt-6 space-y-4">
            {PERSONAL_DATA_KINDS.map((kind) => (
              <li key={kind.id} className="rounded-2xl border border-gray-200 bg-white p-5">
                <h3 className="text-lg font-semibold">{say(kind.label[locale])}</h3>
                {kind.sensitive && (
                  <p className="mt-1 text-sm font-semibold text-amber-900">{t("privacy.sensitive")}</p>
                )}
                <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[11rem_1fr]">
                  <dt className="font-semibold">{t("privacy.holds")}</dt>
                  <dd>{say(kind.holds[locale])}</dd>
                  <dt className="font-semibold">{t("privacy.purpose")}</dt>
                  <dd>{say(kind.purpose[locale])}</dd>
                  <dt className="font-semibold">{t("privacy.basis")}</dt>
                  <dd>{say(BASIS_LABELS[kind.basis][locale])}</dd>
                  <dt className="font-semibold">{t("privacy.storedIn")}</dt>
                  <dd>{say(kind.storedIn.map((place) => STORAGE_LABELS[place][locale]).join("; "))}</dd>
                  <dt className="font-semibold">{t("privacy.kept")}</dt>
                  <dd>{say(retentionSentence(kind, periods[kind.id], locale))}</dd>
                </dl>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="privacy-rights" className="mt-12">
          <h2 id="privacy-rights" className="text-2xl font-bold">
            {t("privacy.rightsHeading")}
          </h2>
          <p className="mt-3">{t("privacy.rights")}</p>
          <p className="mt-3">{t("privacy.providers")}</p>
        </section>

        <section aria-labelledby="privacy-breach" className="mt-12">
          <h2 id="privacy-breach" className="text-2xl font-bold">
            {t("privacy.breachHeading")}
          </h2>
          <p className="mt-3">{t("privacy.breach")}</p>
          <p className="mt-3">{t("privacy.complaint")}</p>
        </section>
      </div>
    </>
  );
}
