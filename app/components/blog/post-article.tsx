import type { ReactNode } from "react";
import { Link } from "react-router";
import type { BlogPost } from "../../../core/blogs/blogs.schema";
import { type FieldLanguages, fieldLang } from "../../../core/translations/translations.schema";
import { useI18n } from "../../i18n/i18n";
import { formatInstantDate } from "../../lib/dates";
import { ResponsiveImage } from "../responsive-image";

/** The allowed editor markup, styled (the HTML itself was sanitised on the server). */
const CONTENT_STYLES =
  "text-lg leading-relaxed text-ink [&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-2 [&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-accent [&_blockquote]:bg-sand [&_blockquote]:px-5 [&_blockquote]:py-3 [&_blockquote]:italic [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-brand [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6";

export function BackLink() {
  const { t, path } = useI18n();
  return (
    <Link to={path("/blog")} className="inline-flex items-center gap-1 font-semibold text-brand hover:underline">
      <span aria-hidden="true">←</span> {t("blog.back")}
    </Link>
  );
}

/**
 * A blog post as its public page shows it; the staff preview draws the same. `footer` goes after
 * the text (the public page's donation call and links to the posts either side).
 */
export function PostArticle({ post, footer }: { post: BlogPost & FieldLanguages; footer?: ReactNode }) {
  const { t, locale, untranslated } = useI18n();
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <BackLink />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-ink sm:text-5xl" lang={fieldLang(post, "title")}>
        {post.title}
      </h1>
      <p className="mt-4 text-muted">
        {t("blog.by")}{" "}
        {post.authorLinkedin ? (
          <a
            href={post.authorLinkedin}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="font-semibold text-brand hover:underline"
          >
            <span lang={untranslated}>{post.authorName}</span>
            <span className="sr-only">{t("blog.onLinkedin")}</span>
          </a>
        ) : (
          <span className="font-semibold text-ink" lang={untranslated}>
            {post.authorName}
          </span>
        )}
        <span aria-hidden="true"> · </span>
        <time dateTime={post.createdAt}>{formatInstantDate(post.createdAt, "long", locale)}</time>
      </p>
      <div className="mt-8 overflow-hidden rounded-2xl bg-sand">
        <ResponsiveImage
          image={post.image}
          alt={post.imageAlt}
          lang={post.imageAlt ? fieldLang(post, "imageAlt") : undefined}
          sizes="(min-width: 768px) 720px, 100vw"
          priority
          className="h-auto w-full"
        />
      </div>
      <div
        className={`mt-8 ${CONTENT_STYLES}`}
        lang={fieldLang(post, "content")}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with an allowlist on the server (core/blogs/blogs.sanitize.ts)
        dangerouslySetInnerHTML={{ __html: post.content }}
      />
      {footer}
      <div className="mt-10 border-t pt-6">
        <BackLink />
      </div>
    </article>
  );
}
