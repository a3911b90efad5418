import { type FormEvent, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useNavigate, useParams } from "react-router";
import { VIDEO_CATEGORIES, type Video, VideoInputSchema } from "../../../core/videos/videos.schema";
import { parseYoutubeId } from "../../../core/videos/youtube-url";
import {
  ConsentFields,
  consentErrors,
  consentPayload,
  useRecordedConsent,
} from "../../components/admin/consent-fields";
import { focusFirstError, Select, TextArea, TextInput } from "../../components/admin/form-controls";
import { ItemFormEnd, stateValues, submittedState } from "../../components/admin/publishing";
import { TranslationSection } from "../../components/admin/translation-section";
import { useAdminForm } from "../../components/admin/use-admin-form";
import { adminMeta } from "../../lib/admin-meta";
import { ApiError, api, errorMessage } from "../../lib/api-client";
import { validateForm } from "../../lib/validate-form";

export const meta = () => adminMeta("Video");

interface Values {
  title: string;
  description: string;
  youtubeUrl: string;
  category: string;
  status: string;
  publishAt: string;
}
const EMPTY: Values = { title: "", description: "", youtubeUrl: "", category: "", ...stateValues(null) };

const clientErrors = (values: Values) => validateForm(VideoInputSchema, values).errors ?? {};

/** New and edit are one screen (spec §4 Admin forms): edit when the URL has an id. */
export default function VideoForm() {
  const { id } = useParams();
  const navigate = useNavigate();
  const formElement = useRef<HTMLFormElement>(null);
  const form = useAdminForm("video", EMPTY, clientErrors);
  const { values, setValues, errors, setErrors, field } = form;
  const [published, setPublished] = useState(false);
  const [loading, setLoading] = useState(Boolean(id));
  const [saving, setSaving] = useState(false);
  // What is shown is the YouTube video: its consent is recorded under youtube:<id> (decision 0470).
  const youtubeId = parseYoutubeId(values.youtubeUrl);
  const [consent, setConsent] = useRecordedConsent(youtubeId ? `youtube:${youtubeId}` : undefined);

  useEffect(() => {
    if (!id) return;
    api<Video>(`/api/admin/videos/${id}`)
      .then((video) => {
        setValues({
          title: video.title,
          description: video.description,
          youtubeUrl: video.youtubeUrl,
          category: video.category,
          ...stateValues(video),
        });
        setPublished(video.status === "published");
        setLoading(false);
      })
      .catch(() => {
        toast.error("Failed to load video data.");
        navigate("/admin/videos", { replace: true });
      });
  }, [id, navigate, setValues]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = clientErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(formElement.current, found);
      return;
    }
    setSaving(true);
    try {
      const sentConsent = consentPayload(consent);
      const json = { ...values, ...submittedState(event, values), ...(sentConsent ? { consent: sentConsent } : {}) };
      await api(id ? `/api/videos/${id}` : "/api/videos", { method: id ? "PUT" : "POST", json });
      toast.success(id ? "Video updated!" : "Video added!");
      navigate("/admin/videos");
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
        focusFirstError(formElement.current, error.fields);
      }
      toast.error(errorMessage(error, "Operation failed."));
      setSaving(false);
    }
  }

  if (loading) return <p className="text-muted">Loading video...</p>;

  return (
    <div className="max-w-2xl">
      <h1 className="text-2xl font-bold">{id ? "Edit Video" : "Add New Video"}</h1>
      <form
        ref={formElement}
        onSubmit={onSubmit}
        noValidate
        className="mt-6 space-y-5 rounded-2xl border border-gray-200 bg-white p-5 sm:p-6"
      >
        <TextInput {...field("title")} label="Video title" />
        <TextArea {...field("description")} label="Description" rows={4} />
        <TextInput
          {...field("youtubeUrl")}
          label="Full YouTube URL"
          type="url"
          inputMode="url"
          placeholder="https://www.youtube.com/watch?v=dQw4w9WgXcQ"
        />
        {youtubeId && (
          <ConsentFields
            id="video-consent"
            subject="this video"
            value={consent}
            onChange={setConsent}
            withdraw={
              id && youtubeId
                ? { imageUrl: `youtube:${youtubeId}`, onWithdrawn: () => navigate("/admin/videos") }
                : undefined
            }
            errors={consentErrors(errors, "consent")}
          />
        )}
        <Select {...field("category")} label="Category" placeholder="Select a category" options={VIDEO_CATEGORIES} />
        <ItemFormEnd
          area="videos"
          id={id}
          form={form}
          published={published}
          saving={saving}
          submitLabel={id ? "Update Video" : "Add Video"}
        />
      </form>
      <TranslationSection kind="video" id={id} idPrefix="video" />
    </div>
  );
}
