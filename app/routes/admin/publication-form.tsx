import { type FormEvent, useEffect, useState } from "react";
import toast from "react-hot-toast";
import { useNavigate, useParams } from "react-router";
import {
  PUBLICATION_MESSAGES,
  type Publication,
  PublicationInputSchema,
} from "../../../core/publications/publications.schema";
import { useRecordedConsent } from "../../components/admin/consent-fields";
import { appendFeatureImage, FeatureImageFields } from "../../components/admin/feature-image-fields";
import { TextArea, TextInput } from "../../components/admin/form-controls";
import { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES, UploadProgress } from "../../components/admin/image-field";
import { ItemFormEnd, itemFormData, stateValues } from "../../components/admin/publishing";
import { TranslationSection } from "../../components/admin/translation-section";
import { useAdminForm } from "../../components/admin/use-admin-form";
import { useItemUpload } from "../../components/admin/use-item-upload";
import { adminMeta } from "../../lib/admin-meta";
import { ApiError, api, errorMessage } from "../../lib/api-client";
import { validateForm } from "../../lib/validate-form";

export const meta = () => adminMeta("Publication");

interface Values {
  title: string;
  description: string;
  link: string;
  publicationDate: string;
  /** The picture's description and the decorative mark ("true"/"false"), sent as the form's fields. */
  imageAlt: string;
  imageDecorative: string;
  status: string;
  publishAt: string;
}
const EMPTY: Values = {
  title: "",
  description: "",
  link: "",
  publicationDate: "",
  imageAlt: "",
  imageDecorative: "false",
  ...stateValues(null),
};
const FIELD_ORDER = ["title", "description", "link", "publicationDate", "image", "imageAlt", "publishAt"] as const;

function clientErrors(values: Values, file: File | null, creating: boolean): Record<string, string> {
  const { errors = {} } = validateForm(PublicationInputSchema, values);
  if (creating && !file) errors.image = PUBLICATION_MESSAGES.image;
  if (file && file.size > MAX_IMAGE_BYTES) errors.image = IMAGE_TOO_LARGE_MESSAGE;
  return errors;
}

/** New and edit are one screen (spec §2 Publications admin): edit when the URL has an id. */
export default function PublicationForm() {
  const { id } = useParams();
  const navigate = useNavigate();
  const form = useAdminForm("publication", EMPTY, (current) => clientErrors(current, file, !id));
  const { values, setValues, errors, setErrors, field } = form;
  const [currentImage, setCurrentImage] = useState<string | undefined>();
  const [file, setFile] = useState<File | null>(null);
  // The consent of the image shown: the one recorded for the current image, or the new file's.
  const [consent, setConsent] = useRecordedConsent(file ? undefined : currentImage);
  const [loading, setLoading] = useState(Boolean(id));
  const { saving, progress, send } = useItemUpload("/api/publications", id);
  const [published, setPublished] = useState(false);

  useEffect(() => {
    if (!id) return;
    api<Publication>(`/api/admin/publications/${id}`)
      .then((publication) => {
        setValues({
          title: publication.title,
          description: publication.description,
          link: publication.link,
          publicationDate: publication.publicationDate,
          imageAlt: publication.imageAlt,
          imageDecorative: String(publication.imageDecorative),
          ...stateValues(publication),
        });
        setPublished(publication.status === "published");
        setCurrentImage(publication.imageUrl);
        setLoading(false);
      })
      .catch(() => {
        toast.error("Failed to load publication data.");
        navigate("/admin/publications", { replace: true });
      });
  }, [id, navigate, setValues]);

  function showErrors(found: Record<string, string>) {
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) document.getElementById(`publication-${first}`)?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = clientErrors(values, file, !id);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    const body = itemFormData(event, values);
    appendFeatureImage(body, file, consent);
    try {
      await send(body, file !== null);
      toast.success(id ? "Publication updated!" : "Publication created!");
      navigate("/admin/publications");
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) {
        toast.error(errorMessage(error, "Operation failed. Please try again."));
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) showErrors(error.fields);
      }
    }
  }

  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold">{id ? "Edit Publication" : "Add New Publication"}</h1>
      {loading ? (
        <p className="mt-6 text-muted">Loading publication...</p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5 rounded-2xl bg-white p-4 shadow-sm sm:p-6">
          <TextInput {...field("title")} label="Title" />
          <TextArea {...field("description")} label="Description" rows={4} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextInput {...field("link")} type="url" label="Publication link" placeholder="https://…" />
            <TextInput {...field("publicationDate")} type="date" label="Publication date" />
          </div>
          <FeatureImageFields
            idPrefix="publication"
            label="Image (screenshot)"
            itemId={id}
            currentUrl={currentImage}
            file={file}
            onFile={setFile}
            description={values}
            onDescription={(change) => setValues((current) => ({ ...current, ...change }))}
            consent={consent}
            onConsent={setConsent}
            onWithdrawn={() => navigate("/admin/publications")}
            onBlurred={(image) => setCurrentImage(image.url)}
            errors={errors}
          />
          <ItemFormEnd
            area="publications"
            id={id}
            form={form}
            published={published}
            saving={saving}
            submitLabel={saving ? "Saving..." : id ? "Update Publication" : "Create Publication"}
          >
            <UploadProgress fraction={progress} />
          </ItemFormEnd>
        </form>
      )}
      <TranslationSection kind="publication" id={id} idPrefix="publication" />
    </div>
  );
}
