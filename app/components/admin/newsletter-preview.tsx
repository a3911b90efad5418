import { useEffect, useState } from "react";
import { api } from "../../lib/api-client";

/**
 * The e-mail as subscribers will see it, at a phone's width and a desktop mail client's: a
 * newsletter's (`id`), or any e-mail written with the newsletter editor whose preview is at `url`
 * (a step of an e-mail series). With `languages`, a choice of the English or the Amharic e-mail
 * (`?lang=`, as a subscriber or donor of that language gets it).
 */
export function NewsletterPreview({
  id,
  url,
  version,
  languages = false,
}: {
  id?: string;
  url?: string;
  version: number;
  languages?: boolean;
}) {
  const [lang, setLang] = useState<"en" | "am">("en");
  const source = `${url ?? `/api/newsletters/${id}/preview`}?lang=${languages ? lang : "en"}`;
  const [mail, setMail] = useState<{ subject: string; html: string; text: string } | null>(null);
  const [width, setWidth] = useState<375 | 700>(700);

  useEffect(() => {
    if (version < 0) return;
    api<{ subject: string; html: string; text: string }>(source)
      .then(setMail)
      .catch(() => setMail(null));
  }, [source, version]);

  if (!mail) return <p className="text-muted">Loading preview...</p>;
  return (
    <section aria-label="E-mail preview" className="space-y-3">
      {languages && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-semibold">Language:</span>
          {(["en", "am"] as const).map((code) => (
            <button
              key={code}
              type="button"
              aria-pressed={lang === code}
              onClick={() => setLang(code)}
              className="rounded-full px-3 py-1 ring-1 ring-brand/30 aria-pressed:bg-brand aria-pressed:text-white"
            >
              {code === "en" ? "English" : "Amharic"}
            </button>
          ))}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold">Width:</span>
        {([375, 700] as const).map((w) => (
          <button
            key={w}
            type="button"
            aria-pressed={width === w}
            onClick={() => setWidth(w)}
            className="rounded-full px-3 py-1 ring-1 ring-brand/30 aria-pressed:bg-brand aria-pressed:text-white"
          >
            {w === 375 ? "Phone (375 px)" : "Desktop (700 px)"}
          </button>
        ))}
      </div>
      <p className="text-sm">
        <span className="font-semibold">Subject:</span> {mail.subject}
      </p>
      {/* Wider than a phone's screen: scrolled sideways, so it takes the keyboard's focus too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className="overflow-x-auto" tabIndex={0} aria-label={`E-mail at ${width} px`}>
        {/* Sandboxed: the e-mail's HTML runs nothing and reaches nothing of the admin. */}
        <iframe
          title={`E-mail preview at ${width} px`}
          sandbox=""
          srcDoc={mail.html}
          style={{ width: `${width}px`, height: "640px" }}
          className="rounded-lg border bg-white"
        />
      </section>
      <details>
        <summary className="cursor-pointer text-sm font-semibold">Plain-text version</summary>
        <pre className="mt-2 whitespace-pre-wrap rounded-lg border bg-gray-50 p-3 text-xs">{mail.text}</pre>
      </details>
    </section>
  );
}
