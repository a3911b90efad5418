import { Link } from "react-router";
import type { BlogPostSummary } from "../../../core/blogs/blogs.schema";
import { type FieldLanguages, fieldLang } from "../../../core/translations/translations.schema";
import { useI18n } from "../../i18n/i18n";
import { formatInstantDate } from "../../lib/dates";
import { ResponsiveImage } from "../responsive-image";

/** One post in the blog list: feature image, title, excerpt, author and date. */
export function PostCard({ post, priority = false }: { post: BlogPostSummary & FieldLanguages; priority?: boolean }) {
  const { t, path, locale, untranslated } = useI18n();
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5 transition-shadow focus-within:ring-3 focus-within:ring-accent hover:shadow-md">
      <div className="aspect-[16/10] overflow-hidden bg-sand">
        <ResponsiveImage
          image={post.image}
          alt={post.imageAlt}
          lang={post.imageAlt ? fieldLang(post, "imageAlt") : undefined}
          sizes="(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw"
          priority={priority}
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
      </div>
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <p className="text-sm text-muted">
          <time dateTime={post.createdAt}>{formatInstantDate(post.createdAt, "long", locale)}</time>
          <span aria-hidden="true"> · </span>
          <span lang={untranslated}>{post.authorName}</span>
        </p>
        <h2 className="mt-2 text-xl font-bold text-ink" lang={fieldLang(post, "title")}>
          <Link to={path(`/blog/${post._id}`)} className="after:absolute after:inset-0 focus-visible:outline-none">
            {post.title}
          </Link>
        </h2>
        <p className="mt-2 line-clamp-3 text-muted" lang={fieldLang(post, "excerpt")}>
          {post.excerpt}
        </p>
        <span aria-hidden="true" className="mt-auto pt-4 font-semibold text-brand group-hover:underline">
          {t("blog.readMore")}
        </span>
      </div>
    </article>
  );
}
