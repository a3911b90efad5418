import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import toast from "react-hot-toast";
import { Link, useNavigate, useParams } from "react-router";
import { NEWSLETTER_STATE_LABELS } from "../../../core/newsletters/newsletters.constants";
import type {
  FailedDelivery,
  ListedNewsletter,
  Newsletter,
  NewsletterAudience,
  NewsletterProgress,
} from "../../../core/newsletters/newsletters.schema";
import { zonedLocalToDate } from "../../../core/shared/site-time";
import { AmharicVersion } from "../../components/admin/amharic-version";
import { ContentEditorField } from "../../components/admin/content-editor-field";
import { TextInput } from "../../components/admin/form-controls";
import { NEWSLETTER_EDITOR } from "../../components/admin/newsletter-editor";
import { NewsletterPictures, picturesOf, useNewsletterConsents } from "../../components/admin/newsletter-pictures";
import { NewsletterPreview } from "../../components/admin/newsletter-preview";
import { SendQuestion } from "../../components/admin/send-question";
import { useAdminForm } from "../../components/admin/use-admin-form";
import { adminMeta } from "../../lib/admin-meta";
import { ApiError, api, errorMessage } from "../../lib/api-client";
import { formatInstantDateTime } from "../../lib/dates";

export const meta = () => adminMeta("Newsletter");

type Detail = ListedNewsletter & { progress: NewsletterProgress; failures: FailedDelivery[] };
const EMPTY = {
  subject: "",
  previewText: "",
  content: "",
  imageUrl: "",
  buttonLabel: "",
  buttonUrl: "",
  // The optional Amharic version, sent to Amharic subscribers (docs/decisions/0884).
  subjectAm: "",
  previewTextAm: "",
  contentAm: "",
  buttonLabelAm: "",
};
type Values = typeof EMPTY;
const pill = "rounded-full px-4 py-2 text-sm font-semibold disabled:opacity-50";
/** The years whose lapsed donors a newsletter may go to: the retention view's last five. */
const LAPSED_YEARS = Array.from({ length: 5 }, (_, i) => new Date().getUTCFullYear() - i);

/** Write a newsletter, preview it as an e-mail, send a test, then send it or schedule it, and follow the send. */
export default function NewsletterEdit() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { values, setValues, errors, setErrors, field } = useAdminForm("newsletter", EMPTY);
  const [inArchive, setInArchive] = useState(true);
  const [detail, setDetail] = useState<Detail | null>(null);
  /** Where each language's editor starts from (again when a picture was blurred or withdrawn). */
  const [editorStart, setEditorStart] = useState({ en: { key: 0, html: "" }, am: { key: 0, html: "" } });
  const [previewVersion, setPreviewVersion] = useState(0);
  /** Closed until asked for (or the newsletter has one): the English form keeps the page's only "Subject". */
  const [amharicOpen, setAmharicOpen] = useState(false);
  const [at, setAt] = useState("");
  /** "": every confirmed subscriber; a year: only those who are donors lapsed in it (docs/decisions/0792). */
  const [lapsedYear, setLapsedYear] = useState("");
  const [busy, setBusy] = useState(false);
  /** The question "Send now" or "Schedule" asks first, with the count the server gave. */
  const [question, setQuestion] = useState<{ audience: NewsletterAudience; at?: string } | null>(null);
  const focusEditor = useRef(() => {});
  const focusEditorAm = useRef(() => {});
  // The Amharic text's pictures after the English text's, as the server numbers them.
  const pictures = useMemo(
    () => picturesOf(values.imageUrl, `${values.content}${values.contentAm}`),
    [values.imageUrl, values.content, values.contentAm],
  );
  const consents = useNewsletterConsents(pictures);
  const savedUrls = useMemo(
    () =>
      new Set(
        detail ? picturesOf(detail.imageUrl, `${detail.content}${detail.contentAm}`).map((picture) => picture.url) : [],
      ),
    [detail],
  );

  const load = useCallback(async () => {
    if (!id || id === "new") return;
    const loaded = await api<Detail>(`/api/newsletters/${id}`);
    setDetail(loaded);
    return loaded;
  }, [id]);

  useEffect(() => {
    load()
      .then((loaded) => {
        if (!loaded) return;
        const loadedValues = Object.fromEntries(
          Object.keys(EMPTY).map((name) => [name, loaded[name as keyof Values]]),
        ) as Values;
        setValues(loadedValues);
        setInArchive(loaded.inArchive);
        if (loaded.subjectAm) setAmharicOpen(true);
        setEditorStart((current) => ({
          en: { key: current.en.key + 1, html: loaded.content },
          am: { key: current.am.key + 1, html: loaded.contentAm },
        }));
      })
      .catch(() => toast.error("Failed to load the newsletter."));
  }, [load, setValues]);

  // While it is being sent, the numbers follow the send.
  useEffect(() => {
    if (detail?.state !== "sending") return;
    const timer = setInterval(() => void load().catch(() => undefined), 1500);
    return () => clearInterval(timer);
  }, [detail?.state, load]);

  const editable = !detail || detail.state === "draft";

  async function save(): Promise<string | undefined> {
    setBusy(true);
    try {
      const body = { ...values, inArchive, pictureConsents: consents.sent };
      const saved =
        detail && id !== "new"
          ? await api<Newsletter>(`/api/newsletters/${detail._id}`, { method: "PUT", json: body })
          : await api<Newsletter>("/api/newsletters", { method: "POST", json: body });
      setErrors({});
      toast.success("Draft saved.");
      setPreviewVersion((v) => v + 1);
      if (id === "new") navigate(`/admin/newsletters/${saved._id}`, { replace: true });
      else await load();
      return saved._id;
    } catch (error) {
      setErrors((error as { fields?: Record<string, string> }).fields ?? {});
      toast.error(errorMessage(error, "Operation failed."));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function act(path: "test" | "send" | "cancel", json: object | undefined, success: string) {
    if (!detail) return;
    setBusy(true);
    try {
      await api(`/api/newsletters/${detail._id}/${path}`, { method: "POST", ...(json ? { json } : {}) });
      toast.success(success);
      await load();
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      toast.error(errorMessage(error, "Operation failed."));
    } finally {
      setBusy(false);
    }
  }

  /** Asks first (docs/decisions/0750): the subject and how many it goes to, counted by the server now. */
  async function askToSend(at?: string) {
    if (!detail) return;
    try {
      const query = lapsedYear ? `?lapsedYear=${lapsedYear}` : "";
      const audience = await api<NewsletterAudience>(`/api/newsletters/${detail._id}/audience${query}`);
      setQuestion({ audience, ...(at ? { at } : {}) });
    } catch (error) {
      toast.error(errorMessage(error, "Operation failed."));
    }
  }

  function answer(send: boolean) {
    const asked = question;
    setQuestion(null);
    if (!send || !asked) return;
    const audience = asked.audience.lapsedYear ? { lapsedYear: asked.audience.lapsedYear } : {};
    if (asked.at) void act("send", { at: asked.at, ...audience }, "Newsletter scheduled.");
    else void act("send", audience, "Sending started.");
  }

  /**
   * Both editors start again from their text changed by `change`, keeping what was typed (a picture
   * blurred or withdrawn meanwhile).
   */
  function restartEditors(change: (html: string) => string) {
    const en = change(values.content);
    const am = change(values.contentAm);
    setValues((current) => ({ ...current, content: en, contentAm: am }));
    setEditorStart((current) => ({
      en: { key: current.en.key + 1, html: en },
      am: { key: current.am.key + 1, html: am },
    }));
  }

  const textPictures = (newsletter: Pick<Newsletter, "content" | "contentAm">) =>
    picturesOf("", `${newsletter.content}${newsletter.contentAm}`).map((picture) => picture.url);

  async function pictureBlurred(from: string) {
    const before = detail ? textPictures(detail) : [];
    const loaded = await load();
    const after = loaded ? textPictures(loaded) : [];
    const to = after[before.indexOf(from)];
    if (loaded && values.imageUrl === from) setValues((current) => ({ ...current, imageUrl: loaded.imageUrl }));
    if (to) restartEditors((html) => html.replaceAll(`src="${from}"`, `src="${to}"`));
    consents.forget(from);
    setPreviewVersion((v) => v + 1);
  }

  async function pictureWithdrawn(url: string) {
    await load();
    if (values.imageUrl === url) setValues((current) => ({ ...current, imageUrl: "" }));
    restartEditors((html) => {
      const parsed = new DOMParser().parseFromString(html, "text/html");
      for (const img of Array.from(parsed.querySelectorAll("img"))) if (img.getAttribute("src") === url) img.remove();
      return parsed.body.innerHTML;
    });
    consents.forget(url);
    setPreviewVersion((v) => v + 1);
  }

  async function toggleArchive(next: boolean) {
    setInArchive(next);
    if (detail && !editable) {
      await api(`/api/newsletters/${detail._id}/archive`, { method: "PUT", json: { inArchive: next } }).catch(() =>
        toast.error("Operation failed."),
      );
    }
  }

  const progress = detail?.progress;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{id === "new" ? "New newsletter" : values.subject || "Newsletter"}</h1>
        <Link to="/admin/newsletters" className="text-sm font-semibold text-brand">
          All newsletters
        </Link>
      </div>
      {detail && (
        <p className="text-sm" role="status">
          <span className="font-semibold">{NEWSLETTER_STATE_LABELS[detail.state]}</span>
          {detail.state === "scheduled" &&
            detail.scheduledAt &&
            ` for ${formatInstantDateTime(detail.scheduledAt)} (Addis Ababa time)`}
          {progress && (detail.state === "sending" || detail.state === "sent") && (
            <span>
              {" "}
              · Sent {progress.sent} · Failed {progress.failed} · Remaining {progress.remaining}
              {progress.skipped > 0 && ` · Skipped ${progress.skipped} (unsubscribed)`}
            </span>
          )}
        </p>
      )}
      {detail && detail.failures.length > 0 && (
        <section aria-label="Failed addresses" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm">
          <h2 className="font-semibold text-red-800">Not delivered</h2>
          <ul className="mt-1 list-disc pl-5">
            {detail.failures.map((failure) => (
              <li key={failure.email}>
                {failure.email}: {failure.error}
              </li>
            ))}
          </ul>
        </section>
      )}
      <fieldset disabled={!editable || busy} className="space-y-4 rounded-2xl border bg-white p-4 shadow-sm">
        <TextInput {...field("subject")} label="Subject" />
        <TextInput {...field("previewText")} label="Preview text" hint="The line inboxes show after the subject." />
        <ContentEditorField
          id="newsletter-content"
          start={editorStart.en}
          onChange={(html) => setValues((current) => ({ ...current, content: html }))}
          error={errors.content}
          focusRef={focusEditor}
          features={NEWSLETTER_EDITOR}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput {...field("buttonLabel")} label="Button label (optional)" />
          <TextInput
            {...field("buttonUrl")}
            label="Button link"
            hint="https://… or a page of this site, e.g. /donate"
          />
        </div>
      </fieldset>
      <AmharicVersion
        headingId="newsletter-am-heading"
        phase={amharicOpen ? "open" : "closed"}
        closedNote="Subscribers who signed up on an Amharic page get the English until the newsletter has an Amharic version."
        onOpen={() => setAmharicOpen(true)}
      >
        <fieldset disabled={!editable || busy} aria-describedby="newsletter-am-note" className="mt-3 space-y-4">
          <p id="newsletter-am-note" className="text-sm text-muted">
            Subscribers who signed up on an Amharic page get this version; everyone else gets the English. Leave the
            Amharic subject and text empty to send the English to everyone.
          </p>
          <TextInput {...field("subjectAm")} label="Subject (Amharic)" lang="am" />
          <TextInput {...field("previewTextAm")} label="Preview text (Amharic)" lang="am" />
          <ContentEditorField
            id="newsletter-contentAm"
            label="Content (Amharic)"
            lang="am"
            start={editorStart.am}
            onChange={(html) => setValues((current) => ({ ...current, contentAm: html }))}
            error={errors.contentAm}
            focusRef={focusEditorAm}
            features={NEWSLETTER_EDITOR}
          />
          <TextInput
            {...field("buttonLabelAm")}
            label="Button label (Amharic)"
            lang="am"
            hint="The button opens the English button's link. Empty: the English label."
          />
        </fieldset>
      </AmharicVersion>
      <NewsletterPictures
        pictures={pictures}
        consents={consents}
        errors={errors}
        savedUrls={savedUrls}
        editable={editable && !busy}
        onBlurred={(from) => void pictureBlurred(from)}
        onWithdrawn={(url) => void pictureWithdrawn(url)}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={inArchive} onChange={(event) => toggleArchive(event.target.checked)} />
        Show on the public newsletter archive once sent
      </label>
      {editable && (
        <div className="flex flex-wrap gap-2">
          <button type="button" disabled={busy} onClick={save} className={`${pill} bg-brand text-white`}>
            {busy ? "Saving..." : "Save draft"}
          </button>
          {detail && (
            <>
              <button
                type="button"
                disabled={busy}
                onClick={() =>
                  act(
                    "test",
                    undefined,
                    detail.subjectAm ? "A test of each version sent to your address." : "Test sent to your address.",
                  )
                }
                className={`${pill} ring-1 ring-brand/30 text-brand`}
              >
                Send test to me
              </button>
              {detail.breachLetter ? (
                <p className="self-center text-sm text-muted">
                  This is a breach letter: it goes to the people affected from the{" "}
                  <Link to="/admin/privacy/breaches" className="font-semibold text-brand hover:underline">
                    breach register
                  </Link>
                  , never to the subscribers.
                </p>
              ) : (
                <>
                  <label className="flex items-center gap-2 text-sm">
                    <span className="font-medium">Send to</span>
                    <select
                      value={lapsedYear}
                      onChange={(event) => setLapsedYear(event.target.value)}
                      className="rounded-lg border px-2 py-1.5"
                    >
                      <option value="">All confirmed subscribers</option>
                      {LAPSED_YEARS.map((year) => (
                        <option key={year} value={String(year)}>
                          Lapsed donors of {year} (subscribers only)
                        </option>
                      ))}
                    </select>
                  </label>
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => askToSend()}
                    className={`${pill} bg-accent text-white`}
                  >
                    Send now
                  </button>
                  <label className="flex items-center gap-2 text-sm">
                    <span className="font-medium">Or at (Addis Ababa time)</span>
                    <input
                      type="datetime-local"
                      value={at}
                      onChange={(event) => setAt(event.target.value)}
                      className="rounded-lg border px-2 py-1.5"
                    />
                  </label>
                  <button
                    type="button"
                    disabled={busy || !at}
                    onClick={() => askToSend(zonedLocalToDate(at)?.toISOString())}
                    className={`${pill} ring-1 ring-brand/30 text-brand`}
                  >
                    Schedule
                  </button>
                </>
              )}
            </>
          )}
        </div>
      )}
      {detail?.state === "scheduled" && (
        <button
          type="button"
          disabled={busy}
          onClick={() => act("cancel", undefined, "Schedule cancelled; the newsletter is a draft again.")}
          className={`${pill} ring-1 ring-red-700/30 text-red-700`}
        >
          Cancel schedule
        </button>
      )}
      {question && <SendQuestion audience={question.audience} at={question.at} onAnswer={answer} />}
      {detail && (
        <div>
          <h2 className="mb-2 text-lg font-bold">Preview</h2>
          <NewsletterPreview id={detail._id} version={previewVersion} languages={Boolean(detail.subjectAm)} />
        </div>
      )}
    </div>
  );
}
