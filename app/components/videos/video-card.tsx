import type { FieldLanguages } from "../../../core/translations/translations.schema";
import { fieldLang } from "../../../core/translations/translations.schema";
import type { Video } from "../../../core/videos/videos.constants";
import { useI18n } from "../../i18n/i18n";
import { YoutubePlayerIsland } from "./youtube-player";

export function VideoCard({ video }: { video: Video & FieldLanguages }) {
  const { category } = useI18n();
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
      <YoutubePlayerIsland
        youtubeId={video.youtubeId}
        title={video.title}
        titleLang={fieldLang(video, "title")}
        sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
      />
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold tracking-wide text-accent uppercase">{category(video.category)}</p>
        <h2 className="mt-1 text-lg font-bold text-ink" lang={fieldLang(video, "title")}>
          {video.title}
        </h2>
        <p className="mt-2 line-clamp-3 text-muted" lang={fieldLang(video, "description")}>
          {video.description}
        </p>
      </div>
    </article>
  );
}
