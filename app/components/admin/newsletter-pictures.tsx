import { useEffect, useState } from "react";
import type { StoredImage } from "../../../core/media/media.schema";
import { BlurEditor } from "./blur-editor";
import { ConsentFields, type ConsentValue, consentErrors, consentPayload, recordedConsent } from "./consent-fields";

/** A picture the newsletter shows: the one above its text (a blog post's), or one inside it. */
export interface NewsletterPicture {
  url: string;
  alt: string;
  /** Where the server puts a refusal about it: `imageUrl`, or `pictures.<n>` (n-th inside the text). */
  field: string;
}

/** The pictures of the editor's HTML, in order, each once (as the server names them). */
export function picturesOf(imageUrl: string, html: string): NewsletterPicture[] {
  const pictures: NewsletterPicture[] = imageUrl ? [{ url: imageUrl, alt: "", field: "imageUrl" }] : [];
  const seen = new Set<string>();
  const parsed = new DOMParser().parseFromString(html, "text/html");
  for (const img of Array.from(parsed.querySelectorAll("img"))) {
    const src = img.getAttribute("src") ?? "";
    if (!src || seen.has(src)) continue;
    pictures.push({ url: src, alt: img.getAttribute("alt") ?? "", field: `pictures.${seen.size}` });
    seen.add(src);
  }
  return pictures;
}

const nameOf = (picture: NewsletterPicture, index: number) =>
  picture.field === "imageUrl"
    ? "the picture above the text"
    : picture.alt
      ? `the picture “${picture.alt}”`
      : `picture ${index + 1}`;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The consent chosen per picture URL, and what a save sends (`pictureConsents`). */
export function useNewsletterConsents(pictures: NewsletterPicture[]) {
  const [consents, setConsents] = useState<Record<string, ConsentValue>>({});
  const urls = pictures.map((picture) => picture.url).join("\n");
  useEffect(() => {
    let stale = false;
    for (const url of urls ? urls.split("\n") : []) {
      recordedConsent(url).then((value) => {
        if (!stale) setConsents((current) => (url in current ? current : { ...current, [url]: value }));
      });
    }
    return () => {
      stale = true;
    };
  }, [urls]);
  /** One entry per picture with a choice, in order (what a save sends as `pictureConsents`). */
  const sent = pictures.flatMap((picture) => {
    const value = consents[picture.url];
    const payload = value && consentPayload(value);
    return payload ? [{ imageUrl: picture.url, ...payload }] : [];
  });
  return {
    consents,
    set: (url: string, value: ConsentValue) => setConsents((current) => ({ ...current, [url]: value })),
    /** Forget what was loaded for `url` (withdrawn or blurred: it is loaded again). */
    forget: (url: string) =>
      setConsents((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== url))),
    sent,
  };
}

/**
 * Every picture of a newsletter with the consent choice, the "a child can be identified" question
 * and the blur tool, as every other picture of the back office has them
 * (docs/decisions/0751-newsletter-pictures-through-consent.md). A picture must have consent recorded
 * before the newsletter can be sent or scheduled; blurring needs the draft saved first.
 */
export function NewsletterPictures({
  pictures,
  consents,
  errors,
  savedUrls,
  editable,
  onBlurred,
  onWithdrawn,
  id = "newsletter",
  level = 2,
  saved: savedName = "the draft",
  rule = "An e-mail cannot be taken back: every picture needs its consent recorded before the newsletter is sent or scheduled.",
}: {
  /** Prefixes the section's element ids (a page may show several). */
  id?: string;
  /** The heading's level: 3 inside a section of its own. */
  level?: 2 | 3;
  /** What must be saved before a picture can be blurred ("the draft", "the step"). */
  saved?: string;
  /** When consent is needed, as the page's e-mail goes out. */
  rule?: string;
  pictures: NewsletterPicture[];
  consents: ReturnType<typeof useNewsletterConsents>;
  errors: Record<string, string>;
  /** The pictures the saved draft shows: those can be blurred or withdrawn. */
  savedUrls: ReadonlySet<string>;
  editable: boolean;
  onBlurred: (from: string, image: StoredImage) => void;
  onWithdrawn: (url: string) => void;
}) {
  if (pictures.length === 0) return null;
  const Heading = level === 3 ? "h3" : "h2";
  const sentIndex = new Map(consents.sent.map((entry, index) => [entry.imageUrl, index]));
  return (
    <section aria-labelledby={`${id}-pictures-heading`} className="space-y-4">
      <div>
        <Heading id={`${id}-pictures-heading`} className="text-lg font-bold">
          Pictures and consent
        </Heading>
        <p className="text-sm text-muted">{rule}</p>
      </div>
      {pictures.map((picture, index) => {
        const value = consents.consents[picture.url];
        const saved = savedUrls.has(picture.url);
        const sent = sentIndex.get(picture.url);
        return (
          <div key={picture.url} className="space-y-3 rounded-xl border border-gray-200 p-3">
            <div className="flex flex-wrap items-center gap-3">
              <img
                src={picture.url}
                alt={picture.alt}
                width={120}
                height={80}
                className="h-20 w-30 rounded-lg object-cover"
              />
              <p className="text-sm font-semibold">{capitalised(nameOf(picture, index))}</p>
            </div>
            {editable && saved && (
              <BlurEditor
                id={`${id}-blur-${index}`}
                imageUrl={picture.url}
                onApplied={(image) => onBlurred(picture.url, image)}
              />
            )}
            {editable && !saved && (
              <p className="text-sm text-muted">Save {savedName} to blur faces or details in this picture.</p>
            )}
            {value && (
              <ConsentFields
                id={`${id}-consent-${index}`}
                subject={nameOf(picture, index)}
                value={value}
                onChange={(next) => consents.set(picture.url, next)}
                errors={{
                  ...(sent === undefined ? {} : consentErrors(errors, `pictureConsents.${sent}`)),
                  basis: errors[picture.field],
                }}
                withdraw={saved ? { imageUrl: picture.url, onWithdrawn: () => onWithdrawn(picture.url) } : undefined}
              />
            )}
          </div>
        );
      })}
    </section>
  );
}
