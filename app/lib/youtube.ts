/** YouTube's own thumbnails (allowed by the CSP's img-src); mq is 16:9 320 px, hq is 480 px. */
export const youtubeThumbnail = (id: string, size: "mqdefault" | "hqdefault" = "hqdefault") =>
  `https://i.ytimg.com/vi/${id}/${size}.jpg`;

export const youtubeThumbnailSrcSet = (id: string) =>
  `${youtubeThumbnail(id, "mqdefault")} 320w, ${youtubeThumbnail(id, "hqdefault")} 480w`;

/** The privacy-enhanced player; only requested once the visitor presses play. */
export const youtubeEmbedUrl = (id: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1&rel=0&modestbranding=1`;
