import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import type { EmailSeriesStep, EmailSeriesSummary } from "../../../core/email-series/email-series.schema";
import { ContentEditorField } from "../../components/admin/content-editor-field";
import { TextInput } from "../../components/admin/form-controls";
import { NEWSLETTER_EDITOR } from "../../components/admin/newsletter-editor";
import { NewsletterPictures, picturesOf, useNewsletterConsents } from "../../components/admin/newsletter-pictures";
import { NewsletterPreview } from "../../components/admin/newsletter-preview";
import { adminMeta } from "../../lib/admin-meta";
import { ApiError, api, errorMessage } from "../../lib/api-client";

export const meta = () => adminMeta("Welcome e-mails");

const pill = "rounded-full px-4 py-2 text-sm font-semibold disabled:opacity-50";
const SERIES = "/api/email-series/welcome";

/** One step's form: day, switches, the English and Amharic texts, Save, and the preview. */
function StepForm({ step, onSaved }: { step: EmailSeriesStep; onSaved: (step: EmailSeriesStep) => void }) {
  const [values, setValues] = useState(step);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [previewVersion, setPreviewVersion] = useState(0);
  const start = useRef({ en: { key: 0, html: step.contentEn }, am: { key: 0, html: step.contentAm } });
  const focusEn = useRef(() => {});
  const focusAm = useRef(() => {});
  const id = `step-${step.position}`;
  const pictures = useMemo(
    () => picturesOf("", `${values.contentEn}${values.contentAm}`),
    [values.contentEn, values.contentAm],
  );
  const consents = useNewsletterConsents(pictures);
  const savedUrls = useMemo(
    () => new Set(picturesOf("", `${step.contentEn}${step.contentAm}`).map((picture) => picture.url)),
    [step],
  );

  /** The editors start again from these texts (a picture blurred or withdrawn on the server). */
  function restartEditors(change: (html: string) => string) {
    const en = change(values.contentEn);
    const am = change(values.contentAm);
    start.current = {
      en: { key: start.current.en.key + 1, html: en },
      am: { key: start.current.am.key + 1, html: am },
    };
    setValues((current) => ({ ...current, contentEn: en, contentAm: am }));
  }

  /** The saved step again, after the blur or a withdrawal rewrote it; what staff typed since stays. */
  async function reloaded(): Promise<EmailSeriesStep | undefined> {
    const fresh = (await api<EmailSeriesSummary>(SERIES)).steps.find((candidate) => candidate._id === step._id);
    if (fresh) onSaved(fresh);
    setPreviewVersion((v) => v + 1);
    return fresh;
  }

  async function pictureBlurred(from: string) {
    const before = [...savedUrls];
    const fresh = await reloaded();
    const after = fresh ? picturesOf("", `${fresh.contentEn}${fresh.contentAm}`).map((picture) => picture.url) : [];
    const to = after[before.indexOf(from)];
    if (to) restartEditors((html) => html.replaceAll(`src="${from}"`, `src="${to}"`));
    consents.forget(from);
  }

  async function pictureWithdrawn(url: string) {
    await reloaded();
    restartEditors((html) => {
      const parsed = new DOMParser().parseFromString(html, "text/html");
      for (const img of Array.from(parsed.querySelectorAll("img"))) if (img.getAttribute("src") === url) img.remove();
      return parsed.body.innerHTML;
    });
    consents.forget(url);
  }

  async function save() {
    setBusy(true);
    try {
      const saved = await api<EmailSeriesStep>(`${SERIES}/steps/${step._id}`, {
        method: "PUT",
        json: { ...values, pictureConsents: consents.sent },
      });
      setErrors({});
      toast.success("Step saved.");
      setPreviewVersion((v) => v + 1);
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      toast.error(errorMessage(error, "Operation failed."));
    } finally {
      setBusy(false);
    }
  }

  const text = (name: "subjectEn" | "subjectAm") => ({
    id: `${id}-${name}`,
    value: values[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: event.target.value }),
  });

  return (
    <section
      id={`step-${step._id}`}
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-2xl border bg-white p-4 shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Step {step.position}: day {values.dayOffset}
      </h2>
      <fieldset disabled={busy} className="space-y-4">
        <div className="flex flex-wrap items-end gap-4">
          <TextInput
            id={`${id}-day`}
            label="Days after the gift"
            type="number"
            min={1}
            max={365}
            value={String(values.dayOffset)}
            error={errors.dayOffset}
            onChange={(event) => setValues({ ...values, dayOffset: Number(event.target.value) })}
          />
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={values.enabled}
              onChange={(event) => setValues({ ...values, enabled: event.target.checked })}
            />
            Send this step
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={values.stopsOnSecondGift}
              onChange={(event) => setValues({ ...values, stopsOnSecondGift: event.target.checked })}
            />
            Not to donors who have given again
          </label>
        </div>
        <TextInput {...text("subjectEn")} label="Subject (English)" />
        <ContentEditorField
          id={`${id}-content-en`}
          label="Text (English)"
          start={start.current.en}
          onChange={(html) => setValues((current) => ({ ...current, contentEn: html }))}
          error={errors.contentEn}
          focusRef={focusEn}
          features={NEWSLETTER_EDITOR}
        />
        <TextInput
          {...text("subjectAm")}
          label="Subject (Amharic)"
          lang="am"
          hint="Leave the Amharic subject and text empty to send the English one to Amharic donors."
        />
        <ContentEditorField
          id={`${id}-content-am`}
          label="Text (Amharic)"
          lang="am"
          start={start.current.am}
          onChange={(html) => setValues((current) => ({ ...current, contentAm: html }))}
          error={errors.contentAm}
          focusRef={focusAm}
          features={NEWSLETTER_EDITOR}
        />
      </fieldset>
      <NewsletterPictures
        id={id}
        level={3}
        saved="the step"
        rule="A step switched on may go to a donor any day: every picture needs its consent recorded before the step is saved switched on. A picture whose consent ends is left out of the e-mail."
        pictures={pictures}
        consents={consents}
        errors={errors}
        savedUrls={savedUrls}
        editable={!busy}
        onBlurred={(from) => void pictureBlurred(from)}
        onWithdrawn={(url) => void pictureWithdrawn(url)}
      />
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" disabled={busy} onClick={save} className={`${pill} bg-brand text-white`}>
          {busy ? "Saving..." : "Save step"}
        </button>
      </div>
      <details>
        <summary className="cursor-pointer text-sm font-semibold">Preview of the saved step</summary>
        <div className="mt-2">
          <NewsletterPreview url={`${SERIES}/steps/${step._id}/preview`} version={previewVersion} languages />
        </div>
      </details>
    </section>
  );
}

/**
 * Admin → Newsletters → Welcome e-mails (docs/decisions/0790-email-series.md): the e-mails a donor
 * gets after a first gift, each step written with the newsletter editor and previewed as sent.
 */
export default function WelcomeEmails() {
  const [series, setSeries] = useState<EmailSeriesSummary | null>(null);
  const load = useCallback(
    () =>
      api<EmailSeriesSummary>(SERIES)
        .then(setSeries)
        .catch(() => toast.error("Failed to load the welcome e-mails.")),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Welcome e-mails</h1>
        <Link to="/admin/newsletters" className="text-sm font-semibold text-brand">
          All newsletters
        </Link>
      </div>
      <p className="max-w-prose text-sm">
        A donor's first gift starts these e-mails, in the language they gave in; the receipt is day 0. They stop at once
        when the donor unsubscribes, and a step marked so is not sent to a donor who has given again.
      </p>
      {series && (
        <p className="text-sm" role="status">
          {series.enrolled} donors welcomed · {series.active} still receiving
        </p>
      )}
      {series?.steps.map((step) => (
        <StepForm
          key={step._id}
          step={step}
          onSaved={(saved) =>
            setSeries(
              (current) =>
                current && { ...current, steps: current.steps.map((s) => (s._id === saved._id ? saved : s)) },
            )
          }
        />
      ))}
    </div>
  );
}
