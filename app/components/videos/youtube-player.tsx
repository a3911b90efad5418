import { useEffect, useRef, useState } from "react";
import { useI18n } from "../../i18n/i18n";
import { island } from "../../islands/island";
import { useSaveData } from "../../lib/save-data";
import { youtubeEmbedUrl, youtubeThumbnail, youtubeThumbnailSrcSet } from "../../lib/youtube";

interface YoutubePlayerProps {
  youtubeId: string;
  title: string;
  /** `"en"` when the title is shown in English on a page of another language (`fieldLang`). */
  titleLang?: "en" | undefined;
  /** Layout width hint for the thumbnail's srcset. */
  sizes?: string;
  /** Above the fold (e.g. the featured video): load the thumbnail at once. */
  priority?: boolean;
}

/**
 * A thumbnail with a play button; YouTube's player (hundreds of KB of script) is only loaded when
 * the visitor asks for it, so a page with many videos stays light on slow networks. On a light page
 * (Save-Data, slow connection) not even the thumbnail comes from YouTube until the visitor presses play.
 */
export function YoutubePlayer({
  youtubeId,
  title,
  titleLang,
  sizes = "(min-width: 1024px) 400px, 100vw",
  priority,
}: YoutubePlayerProps) {
  const [playing, setPlaying] = useState(false);
  const saveData = useSaveData();
  const { rich } = useI18n();
  const [thumbnailFailed, setThumbnailFailed] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const thumbnail = useRef<HTMLImageElement>(null);

  // A thumbnail that failed before the island woke up fired its error event unheard: look at it once.
  useEffect(() => {
    const image = thumbnail.current;
    if (image?.complete && image.naturalWidth === 0) setThumbnailFailed(true);
  }, []);

  // Keyboard users land in the player they just started.
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);

  return (
    <div className="relative aspect-video overflow-hidden rounded-xl bg-ink">
      {playing ? (
        <iframe
          ref={frame}
          src={youtubeEmbedUrl(youtubeId)}
          title={title}
          lang={titleLang}
          className="absolute inset-0 h-full w-full"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : (
        <button type="button" onClick={() => setPlaying(true)} className="group absolute inset-0 h-full w-full">
          {thumbnailFailed || saveData ? (
            // YouTube unreachable (blocked, offline): a drawn placeholder, never a broken-image icon.
            <span
              data-thumbnail-placeholder
              aria-hidden="true"
              className="absolute inset-0 flex items-end bg-linear-to-br from-brand to-brand-dark p-4 text-left"
            >
              <span className="line-clamp-2 max-w-[70%] text-sm font-semibold text-white/90" lang={titleLang}>
                {title}
              </span>
            </span>
          ) : (
            <img
              ref={thumbnail}
              onError={() => setThumbnailFailed(true)}
              src={youtubeThumbnail(youtubeId)}
              srcSet={youtubeThumbnailSrcSet(youtubeId)}
              sizes={sizes}
              alt=""
              width={480}
              height={270}
              loading={priority ? "eager" : "lazy"}
              decoding="async"
              className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
            />
          )}
          <span className="absolute inset-0 bg-black/20 transition-colors group-hover:bg-black/10" aria-hidden="true" />
          <span
            aria-hidden="true"
            className="absolute top-1/2 left-1/2 flex h-16 w-16 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-accent text-white shadow-lg transition-transform group-hover:scale-110"
          >
            <svg width="28" height="28" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
              <path d="M8 5v14l11-7z" />
            </svg>
          </span>
          <span className="sr-only">{rich("video.play", { title: <span lang={titleLang}>{title}</span> })}</span>
        </button>
      )}
    </div>
  );
}

export const YoutubePlayerIsland = island("youtube-player", YoutubePlayer);
