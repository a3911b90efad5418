import { Link } from "react-router";
import type { AboutContent } from "../../../core/site-content/site-content.schema";
import { sitePathLang } from "../../../core/site-content/site-content.translation-fields";
import { ABOUT_SECTIONS } from "../../content/about";
import { useI18n } from "../../i18n/i18n";
import { within } from "../../lib/english-paths";
import { BoardPickerIsland } from "../about/board-picker";
import { ButtonLink } from "../button-link";
import { PageHeader } from "../page-header";
import { ResponsiveImage } from "../responsive-image";
import { SectionHeading } from "../section-heading";
import { RichText } from "./rich-text";

const container = "mx-auto max-w-7xl px-4 sm:px-6";

/** The Who We Are page's body (app/routes/public/about.tsx), also drawn by the back office's preview with a draft. */
export function AboutPage({ content, englishPaths }: { content: AboutContent; englishPaths?: string[] }) {
  const { founder, storyImage, board, team } = content;
  const { t, untranslated } = useI18n();
  /** `lang="en"` for a text an Amharic page shows in English. */
  const en = (path: string) => sitePathLang(englishPaths, path);
  return (
    <>
      <PageHeader eyebrow={t("nav.whoWeAre")} title={t("about.headerTitle")}>
        <p>{t("about.headerText")}</p>
      </PageHeader>

      <nav aria-label={t("about.onThisPage")} className="border-b border-black/5 bg-white">
        <ul className={`${container} flex gap-2 overflow-x-auto py-3`}>
          {ABOUT_SECTIONS.map((section) => (
            <li key={section.id} className="shrink-0">
              <Link
                to={`#${section.id}`}
                className="inline-block rounded-full bg-sand px-4 py-2 text-sm font-semibold text-brand-dark hover:bg-brand-light"
              >
                {t(section.title)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section id="vision-mission" aria-labelledby="vision-mission-title" className="bg-white">
        <div className={`${container} py-16 lg:py-20`}>
          <SectionHeading id="vision-mission-title" eyebrow={t("about.visionEyebrow")} title={t("nav.visionMission")} />
          <div className="mt-10 grid gap-6 md:grid-cols-2">
            <article className="on-dark rounded-3xl bg-brand-dark p-8 text-white sm:p-10">
              <h3 className="text-2xl font-bold text-amber-300">{t("about.vision")}</h3>
              <p className="mt-4 text-lg leading-relaxed text-white/90" lang={en("vision")}>
                {content.vision}
              </p>
            </article>
            <article className="rounded-3xl bg-accent-light p-8 sm:p-10">
              <h3 className="text-2xl font-bold text-accent-dark">{t("about.mission")}</h3>
              <p className="mt-4 text-lg leading-relaxed text-ink" lang={en("mission")}>
                {content.mission}
              </p>
            </article>
          </div>
        </div>
      </section>

      <section id="story" aria-labelledby="story-title" className="bg-sand">
        <div className={`${container} grid items-start gap-12 py-16 lg:grid-cols-2 lg:py-20`}>
          <div>
            <SectionHeading id="story-title" eyebrow={t("about.storyEyebrow")} title={t("nav.ourStory")} />
            <figure className="mt-8 rounded-3xl bg-white p-7 shadow-sm ring-1 ring-black/5">
              <blockquote className="text-xl leading-relaxed text-brand-dark italic">
                <p lang={en("founder.quote")}>“{founder.quote}”</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-4">
                <ResponsiveImage
                  image={founder.image}
                  alt=""
                  sizes="64px"
                  pictureClassName="shrink-0"
                  className="h-16 w-16 rounded-full"
                />
                <span>
                  <span className="block font-bold text-ink" lang={untranslated}>
                    {founder.name}
                  </span>
                  <span className="block text-muted" lang={en("founder.role")}>
                    {founder.role}
                  </span>
                </span>
              </figcaption>
              {founder.story && (
                <RichText html={founder.story} className="mt-6 space-y-3 text-muted" lang={en("founder.story")} />
              )}
            </figure>
            <RichText html={content.story} className="mt-8 space-y-4 text-lg text-muted" lang={en("story")} />
          </div>
          <ResponsiveImage
            image={storyImage.image}
            alt={storyImage.alt}
            lang={en("storyImage.alt")}
            sizes="(min-width: 1024px) 600px, 100vw"
            className="w-full rounded-3xl lg:sticky lg:top-28"
          />
        </div>
      </section>

      <section id="theory-of-change" aria-labelledby="change-title" className="bg-white">
        <div className={`${container} py-16 lg:py-20`}>
          <SectionHeading id="change-title" eyebrow={t("about.changeEyebrow")} title={t("nav.theoryOfChange")}>
            <p>{t("about.changeText")}</p>
          </SectionHeading>
          <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {content.theoryOfChange.map((step, index) => (
              <li key={step.title} className="relative rounded-2xl bg-brand-light/70 p-6">
                <span
                  aria-hidden="true"
                  className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-brand font-bold text-white"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-bold text-brand-dark" lang={en(`theoryOfChange.${index}.title`)}>
                  {step.title}
                </h3>
                <p className="mt-2 text-muted" lang={en(`theoryOfChange.${index}.text`)}>
                  {step.text}
                </p>
              </li>
            ))}
          </ol>
          <div className="mt-6 rounded-2xl border-2 border-accent bg-accent-light p-6 sm:p-8">
            <h3 className="text-lg font-bold text-accent-dark">{t("about.changeGoal")}</h3>
            <p className="mt-2 text-lg text-ink" lang={en("changeOutcome")}>
              {content.changeOutcome}
            </p>
          </div>
        </div>
      </section>

      <section id="values" aria-labelledby="values-title" className="on-dark bg-brand-dark text-white">
        <div className={`${container} py-16 lg:py-20`}>
          <SectionHeading id="values-title" eyebrow={t("about.valuesEyebrow")} title={t("about.values")} tone="dark" />
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {content.coreValues.map((value, index) => (
              <li key={value.title} className="rounded-2xl bg-white/10 p-7">
                <h3 className="text-xl font-bold text-amber-300" lang={en(`coreValues.${index}.title`)}>
                  {value.title}
                </h3>
                <p className="mt-3 text-white/90" lang={en(`coreValues.${index}.text`)}>
                  {value.text}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {team.length > 0 && (
        <section id="team" aria-labelledby="team-title" className="bg-sand">
          <div className={`${container} py-16 lg:py-20`}>
            <SectionHeading id="team-title" eyebrow={t("about.teamEyebrow")} title={t("nav.ourTeam")} />
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {team.map((member, index) => (
                <li key={member.name} className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-black/5">
                  <ResponsiveImage
                    image={member.image}
                    alt=""
                    sizes="112px"
                    className="mx-auto h-28 w-28 rounded-full"
                  />
                  <h3 className="mt-4 text-lg font-bold text-brand-dark" lang={untranslated}>
                    {member.name}
                  </h3>
                  <p className="text-sm font-semibold text-accent" lang={en(`team.${index}.role`)}>
                    {member.role}
                  </p>
                  <p className="mt-3 text-sm text-muted" lang={en(`team.${index}.bio`)}>
                    {member.bio}
                  </p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      {board.length > 0 && (
        <section id="board" aria-labelledby="board-title" className="bg-white">
          <div className={`${container} py-16 lg:py-20`}>
            <SectionHeading id="board-title" eyebrow={t("about.boardEyebrow")} title={t("about.board")}>
              <p>{t("about.boardText")}</p>
            </SectionHeading>
            <div className="mt-10">
              <BoardPickerIsland members={board} englishPaths={within(englishPaths, "board")} />
            </div>
          </div>
        </section>
      )}

      <section aria-labelledby="join-title" className="bg-accent-light">
        <div
          className={`${container} flex flex-col items-start gap-6 py-14 md:flex-row md:items-center md:justify-between`}
        >
          <div>
            <h2 id="join-title" className="text-2xl font-extrabold text-brand-dark sm:text-3xl">
              {t("about.standWithUs")}
            </h2>
            <p className="mt-2 text-lg text-ink">{t("about.standText")}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to="/join-team" size="lg">
              {t("about.volunteer")}
            </ButtonLink>
            <ButtonLink to="/contact" size="lg" variant="secondary">
              {t("footer.partner")}
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
