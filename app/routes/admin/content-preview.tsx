import { Link, redirect, useLoaderData } from "react-router";
import type { BlogPost } from "../../../core/blogs/blogs.schema";
import type { GalleryItem } from "../../../core/gallery/gallery.constants";
import type { Publication } from "../../../core/publications/publications.schema";
import type { SiteContent } from "../../../core/site-content/site-content.schema";
import type { Video } from "../../../core/videos/videos.constants";
import { StateBadge } from "../../components/admin/publishing";
import { PostArticle } from "../../components/blog/post-article";
import { GalleryCard } from "../../components/gallery/gallery-card";
import { SiteFooter } from "../../components/layout/site-footer";
import { SiteHeader } from "../../components/layout/site-header";
import { PublicationCard } from "../../components/publications/publication-card";
import { VideoCard } from "../../components/videos/video-card";
import { ENGLISH_I18N } from "../../i18n/english";
import { I18nProvider } from "../../i18n/i18n";
import { adminMeta } from "../../lib/admin-meta";
import { api } from "../../lib/api-client";
import { loadForStaff } from "../../lib/staff-preview";
import type { Route } from "./+types/content-preview";

export const meta = () => adminMeta("Preview");

/** Each kind of content: where the public sees it and where staff edit it. */
const KINDS = {
  blogs: { page: "/blog", edit: "/admin/blogs/edit" },
  publications: { page: "/publications", edit: "/admin/publications/edit" },
  gallery: { page: "/impact/gallery", edit: "/admin/gallery/edit" },
  videos: { page: "/impact/videos", edit: "/admin/videos/edit" },
} as const;
type Kind = keyof typeof KINDS;
const isKind = (value: string): value is Kind => Object.hasOwn(KINDS, value);

type Previewed =
  | { kind: "blogs"; item: BlogPost }
  | { kind: "publications"; item: Publication }
  | { kind: "gallery"; item: GalleryItem }
  | { kind: "videos"; item: Video };

/**
 * An item in any state drawn as the public will see it (docs/decisions/0300-publishing-states.md). Only a signed-in staff member
 * can open it: the item comes from a staff-only API route with their token, and the page is noindex.
 */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const { kind, id } = params;
  if (!isKind(kind)) throw redirect("/admin");
  return loadForStaff(request, async () => {
    // The footer's texts are the published site content's, as on the public pages.
    const [item, site] = await Promise.all([
      api<Previewed["item"]>(`/api/admin/${kind}/${encodeURIComponent(id)}`),
      api<SiteContent>("/api/site-content"),
    ]);
    const footer = { tagline: site.contact.footerTagline, social: site.contact.social };
    return { ...({ kind, item } as Previewed), footer };
  });
}

export { PreviewRefused as ErrorBoundary } from "../../components/admin/preview-refused";

export function HydrateFallback() {
  return <p className="p-8 text-muted">Loading the preview…</p>;
}

function PreviewBody(previewed: Previewed) {
  switch (previewed.kind) {
    case "blogs":
      return <PostArticle post={previewed.item} />;
    case "publications":
      return (
        <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
          <PublicationCard publication={previewed.item} priority />
        </div>
      );
    case "gallery":
      return (
        <div className="mx-auto max-w-md px-4 py-10 sm:px-6">
          <GalleryCard item={previewed.item} onOpen={() => {}} priority headingLevel={2} />
        </div>
      );
    case "videos":
      return (
        <div className="mx-auto max-w-md px-4 py-10 sm:px-6">
          <VideoCard video={previewed.item} />
        </div>
      );
  }
}

export default function ContentPreview() {
  const { footer, ...previewed } = useLoaderData<typeof clientLoader>();
  const { page, edit } = KINDS[previewed.kind];
  return (
    <I18nProvider value={ENGLISH_I18N}>
      <div
        role="status"
        className="sticky top-0 z-50 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-amber-300 px-4 py-2 text-center text-sm font-semibold text-ink"
      >
        <span>Preview: visitors see this only once it is published.</span>
        <StateBadge state={previewed.item} />
        <Link to={`${edit}/${previewed.item._id}`} className="underline">
          Back to the editor
        </Link>
      </div>
      <SiteHeader pathname={page} />
      <main id="main">
        <PreviewBody {...(previewed as Previewed)} />
      </main>
      <SiteFooter content={footer} path={page} />
    </I18nProvider>
  );
}
