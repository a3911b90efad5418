import { type FormEvent, useCallback, useEffect, useState } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import { CONSENT_BASES, CONSENT_LABELS, type ConsentAttention } from "../../../core/consent/consent.schema";
import { ApiError, api, errorMessage } from "../../lib/api-client";
import { formatCalendarDate } from "../../lib/calendar-date";
import { youtubeThumbnail } from "../../lib/youtube";
import { Button } from "../button";
import { confirmInToast } from "./confirm-toast";

const EDIT_PATHS: Record<string, string> = {
  blog: "/admin/blogs/edit/",
  publication: "/admin/publications/edit/",
  "gallery-item": "/admin/gallery/edit/",
  video: "/admin/videos/edit/",
  "site-content": "/admin/site/",
  newsletter: "/admin/newsletters/",
  "email-series-step": "/admin/welcome-emails#step-",
};
const KIND_LABELS: Record<string, string> = {
  blog: "Blog post",
  publication: "Publication",
  "gallery-item": "Gallery item",
  video: "Video",
  "site-content": "Site content",
  newsletter: "Newsletter",
  "email-series-step": "Welcome e-mail",
};

/** What the list shows of the image: a video's YouTube thumbnail, else the image itself. */
const thumbnailOf = (imageUrl: string) =>
  imageUrl.startsWith("youtube:") ? youtubeThumbnail(imageUrl.slice("youtube:".length), "mqdefault") : imageUrl;

function reasonText(item: ConsentAttention): string {
  const state = item.status === "published" ? "Public" : item.status === "scheduled" ? "Scheduled" : "Draft";
  if (item.reason === "expiring" && item.expiresOn) return `Consent ends ${formatCalendarDate(item.expiresOn)}`;
  if (item.reason === "not-yet") return `${state}, consent not yet given`;
  if (item.reason === "minor-without-guardian") return `${state}, a child without a guardian's consent`;
  return "Public, consent not recorded";
}

const input = "mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-ink";

/** Records the consent of one image (docs/decisions/0301-image-consent.md). */
function ConsentForm({ imageUrl, onSaved }: { imageUrl: string; onSaved: () => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const id = (name: string) => `consent-${name}`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "");
    setSaving(true);
    try {
      await api("/api/admin/consent", {
        method: "PUT",
        json: {
          imageUrl,
          basis: text("basis"),
          minor: data.get("minor") === "on",
          byGuardian: data.get("byGuardian") === "on",
          givenBy: text("givenBy"),
          givenOn: text("givenOn"),
          expiresOn: text("expiresOn"),
          formReference: text("formReference"),
        },
      });
      toast.success("Consent recorded.");
      onSaved();
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      toast.error(errorMessage(error, "Consent could not be saved."));
    } finally {
      setSaving(false);
    }
  }

  const field = (name: string, label: string, type = "text") => (
    <div>
      <label htmlFor={id(name)} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <input id={id(name)} name={name} type={type} className={input} aria-invalid={errors[name] ? true : undefined} />
      {errors[name] && <p className="mt-1 text-sm font-medium text-red-700">{errors[name]}</p>}
    </div>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 grid gap-3 rounded-xl bg-sand p-4 sm:grid-cols-2">
      <div>
        <label htmlFor={id("basis")} className="block text-sm font-semibold text-ink">
          Consent
        </label>
        <select id={id("basis")} name="basis" className={input} defaultValue="on-file">
          {CONSENT_BASES.map((basis) => (
            <option key={basis} value={basis}>
              {CONSENT_LABELS[basis]}
            </option>
          ))}
        </select>
      </div>
      {field("givenBy", "Given by")}
      {field("givenOn", "Given on", "date")}
      {field("expiresOn", "Expires on (optional)", "date")}
      {field("formReference", "Signed form reference")}
      <div className="flex flex-col justify-end gap-2 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" name="minor" /> A child can be identified
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="byGuardian" /> Given by a parent or guardian
        </label>
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" size="sm" disabled={saving}>
          Save consent
        </Button>
      </div>
    </form>
  );
}

/**
 * The dashboard's consent list: every public image whose consent is not recorded, and
 * consent ending within 30 days, each with its item, a way to record consent, and withdrawal.
 */
export function ConsentPanel() {
  const [items, setItems] = useState<ConsentAttention[] | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  const load = useCallback(() => {
    api<ConsentAttention[]>("/api/admin/consent/attention")
      .then(setItems)
      .catch(() => setItems([]));
  }, []);
  useEffect(load, [load]);

  async function withdraw(item: ConsentAttention) {
    const confirmed = await confirmInToast({
      message: "Withdraw consent for this image? It leaves the site and its files are deleted.",
      detail: item.title,
      confirmLabel: "Yes, withdraw",
    });
    if (!confirmed) return;
    try {
      const { unpublished } = await api<{ unpublished: string[] }>("/api/admin/consent/withdraw", {
        method: "POST",
        json: { imageUrl: item.imageUrl },
      });
      toast.success(unpublished.length > 0 ? "Consent withdrawn; the item is a draft again." : "Consent withdrawn.");
      load();
    } catch (error) {
      toast.error(errorMessage(error, "Consent could not be withdrawn."));
    }
  }

  return (
    <section aria-labelledby="consent-heading" className="mt-10">
      <h2 id="consent-heading" className="text-xl font-bold">
        Images that need consent
      </h2>
      <p className="mt-1 text-sm text-muted">
        Public images and videos without recorded consent, consent ending within 30 days, and drafts that cannot be
        published until their consent is settled.
      </p>
      {items === null ? (
        <p className="mt-2 text-muted">Loading…</p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-muted">Every image and video has its consent settled, and none ends within 30 days.</p>
      ) : (
        <ul className="mt-4 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
          {items.map((item) => (
            <li key={`${item.entity}:${item.entityId}:${item.imageUrl}`} className="p-4">
              <div className="flex flex-wrap items-center gap-4">
                <img
                  src={thumbnailOf(item.imageUrl)}
                  alt=""
                  width={96}
                  height={64}
                  className="h-16 w-24 rounded-lg object-cover"
                />
                <div className="min-w-0 flex-1">
                  <Link
                    to={`${EDIT_PATHS[item.entity]}${item.entityId}`}
                    className="font-semibold text-brand underline"
                  >
                    {item.title}
                  </Link>
                  <p className="text-sm text-muted">
                    {KIND_LABELS[item.entity]} · {reasonText(item)}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-expanded={open === item.imageUrl}
                    onClick={() => setOpen(open === item.imageUrl ? null : item.imageUrl)}
                  >
                    Record consent
                  </Button>
                  <button
                    type="button"
                    onClick={() => withdraw(item)}
                    className="rounded-full px-4 py-1.5 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
                  >
                    Withdraw consent
                  </button>
                </div>
              </div>
              {open === item.imageUrl && (
                <ConsentForm
                  imageUrl={item.imageUrl}
                  onSaved={() => {
                    setOpen(null);
                    load();
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
