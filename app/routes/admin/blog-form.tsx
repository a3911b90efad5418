import { type FormEvent, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { Link, useNavigate, useParams } from "react-router";
import { BLOG_MESSAGES, BlogInputSchema, type BlogPost } from "../../../core/blogs/blogs.schema";
import { useRecordedConsent } from "../../components/admin/consent-fields";
import { ContentEditorField } from "../../components/admin/content-editor-field";
import { appendFeatureImage, FeatureImageFields } from "../../components/admin/feature-image-fields";
import { TextArea, TextInput } from "../../components/admin/form-controls";
import { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES, UploadProgress } from "../../components/admin/image-field";
import { ItemFormEnd, itemFormData, stateValues } from "../../components/admin/publishing";
import { TranslationSection } from "../../components/admin/translation-section";
import { useAdminForm } from "../../components/admin/use-admin-form";
import { useItemUpload } from "../../components/admin/use-item-upload";
import { buttonClasses } from "../../components/button";
import { adminMeta } from "../../lib/admin-meta";
import { ApiError, api, errorMessage } from "../../lib/api-client";
import { formatInstantDate } from "../../lib/dates";
import { clearDraft, readDraft, writeDraft } from "../../lib/local-draft";
import { validateForm } from "../../lib/validate-form";

export const meta = () => adminMeta("Blog post");

interface Values {
  title: string;
  excerpt: string;
  authorName: string;
  authorLinkedin: string;
  content: string;
  /** The picture's description and the decorative mark ("true"/"false"), sent as the form's fields. */
  imageAlt: string;
  imageDecorative: string;
  status: string;
  publishAt: string;
}
const EMPTY: Values = {
  title: "",
  excerpt: "",
  authorName: "",
  authorLinkedin: "",
  content: "",
  imageAlt: "",
  imageDecorative: "false",
  ...stateValues(null),
};
/** Form order, for moving focus to the first invalid field. */
const FIELD_ORDER = [
  "title",
  "excerpt",
  "authorName",
  "authorLinkedin",
  "image",
  "imageAlt",
  "imageDecorative",
  "content",
  "publishAt",
] as const;

function clientErrors(values: Values, file: File | null, creating: boolean): Record<string, string> {
  const { errors = {} } = validateForm(BlogInputSchema, values);
  if (creating && !file) errors.image = BLOG_MESSAGES.image;
  if (file && file.size > MAX_IMAGE_BYTES) errors.image = IMAGE_TOO_LARGE_MESSAGE;
  return errors;
}

const sameValues = (a: Values, b: Values) => FIELD_ORDER.every((k) => k === "image" || a[k] === b[k]);

const valuesOf = (post: BlogPost): Values => ({
  title: post.title,
  excerpt: post.excerpt,
  authorName: post.authorName,
  authorLinkedin: post.authorLinkedin ?? "",
  content: post.content,
  imageAlt: post.imageAlt,
  imageDecorative: String(post.imageDecorative),
  ...stateValues(post),
});

/** New and edit are one screen (spec §2 Blog editor): edit when the URL has an id. */
export default function BlogForm() {
  const { id } = useParams();
  const navigate = useNavigate();
  const draftKey = `blog:${id ?? "new"}`;
  const form = useAdminForm("blog", EMPTY, (current) => clientErrors(current, file, !id));
  const { values, setValues, errors, setErrors, field } = form;
  const [post, setPost] = useState<BlogPost | null>(null);
  const [file, setFile] = useState<File | null>(null);
  // The consent of the image shown: the one recorded for the current image, or the new file's.
  const [consent, setConsent] = useRecordedConsent(file ? undefined : post?.imageUrl);
  const [state, setState] = useState<"loading" | "ready" | "failed">(id ? "loading" : "ready");
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const { saving, progress, send } = useItemUpload("/api/blogs", id);
  // The editor starts from this; bumping the key re-creates it (e.g. after discarding a draft).
  const [editorStart, setEditorStart] = useState({ key: 0, html: "" });
  const focusEditor = useRef<() => void>(() => {});

  useEffect(() => {
    let stale = false;
    const restore = (base: Values, since?: string) => {
      const draft = readDraft<Values>(draftKey);
      const useDraft = draft && !sameValues(draft.values, base) && (!since || draft.savedAt > since);
      const start = useDraft ? { ...base, ...draft.values } : base;
      setValues(start);
      setEditorStart((current) => ({ key: current.key + 1, html: start.content }));
      setRestoredAt(useDraft ? draft.savedAt : null);
      setState("ready");
    };
    if (!id) {
      restore(EMPTY);
      return;
    }
    api<BlogPost>(`/api/admin/blogs/${id}`)
      .then((loaded) => {
        if (stale) return;
        setPost(loaded);
        restore(valuesOf(loaded), loaded.updatedAt);
      })
      .catch(() => {
        if (stale) return;
        toast.error("Failed to load blog post.");
        setState("failed");
      });
    return () => {
      stale = true;
    };
  }, [id, draftKey, setValues]);

  // Every change is kept locally (debounced) until the post is saved. Values equal to the saved post
  // (or the empty form) are no draft: a discarded draft must not come back as a copy of the post.
  useEffect(() => {
    if (state !== "ready") return;
    const base = post ? valuesOf(post) : EMPTY;
    const timer = setTimeout(
      () => (sameValues(values, base) ? clearDraft(draftKey) : writeDraft(draftKey, values)),
      400,
    );
    return () => clearTimeout(timer);
  }, [values, state, draftKey, post]);

  function showErrors(found: Record<string, string>) {
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first === "content") focusEditor.current();
    else if (first) document.getElementById(`blog-${first}`)?.focus();
  }

  function discardDraft() {
    clearDraft(draftKey);
    const base = post ? valuesOf(post) : EMPTY;
    setValues(base);
    setEditorStart((current) => ({ key: current.key + 1, html: base.content }));
    setRestoredAt(null);
  }

  function cancel() {
    clearDraft(draftKey);
    navigate("/admin/blogs");
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = clientErrors(values, file, !id);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    const progressToast = toast.loading(id ? "Updating post..." : "Creating post...");
    const body = itemFormData(event, values);
    appendFeatureImage(body, file, consent);
    try {
      await send(body, file !== null);
      clearDraft(draftKey);
      toast.success(id ? "Post updated successfully!" : "Post created successfully!", { id: progressToast });
      navigate("/admin/blogs");
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        // The layout asks to log in again; everything typed stays in the form (and in the draft).
        toast.error("Your session has ended. Log in again, then save.", { id: progressToast });
      } else {
        toast.error(errorMessage(error, "Operation failed."), { id: progressToast });
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) showErrors(error.fields);
      }
    }
  }

  if (state === "failed") {
    return (
      <div className="max-w-3xl">
        <h1 className="text-2xl font-bold">Edit Blog Post</h1>
        <p className="mt-4 text-muted">This post could not be loaded.</p>
        <Link to="/admin/blogs" className={buttonClasses("secondary", "sm", "mt-4")}>
          Back to blog posts
        </Link>
      </div>
    );
  }

  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold">{id ? "Edit Blog Post" : "Create New Blog Post"}</h1>
      {state === "loading" ? (
        <p className="mt-6 text-muted">Loading post...</p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5 rounded-2xl bg-white p-4 shadow-sm sm:p-6">
          {restoredAt && (
            <div
              role="status"
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-accent-light px-4 py-3 text-sm"
            >
              <span>Restored your unsaved draft from {formatInstantDate(restoredAt)}.</span>
              <button type="button" onClick={discardDraft} className="font-semibold text-accent-dark underline">
                Discard draft
              </button>
            </div>
          )}
          <TextInput {...field("title")} label="Title" />
          <TextArea {...field("excerpt")} label="Excerpt" rows={3} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextInput {...field("authorName")} label="Author name" />
            <TextInput
              {...field("authorLinkedin")}
              type="url"
              label="Author's LinkedIn URL (optional)"
              placeholder="https://www.linkedin.com/in/…"
            />
          </div>
          <FeatureImageFields
            idPrefix="blog"
            label="Feature image"
            itemId={id}
            currentUrl={post?.imageUrl}
            file={file}
            onFile={setFile}
            description={values}
            onDescription={(change) => setValues((current) => ({ ...current, ...change }))}
            consent={consent}
            onConsent={setConsent}
            onWithdrawn={() => {
              clearDraft(draftKey);
              navigate("/admin/blogs");
            }}
            onBlurred={(image) => setPost((current) => current && { ...current, imageUrl: image.url, image })}
            errors={errors}
          />
          <ContentEditorField
            id="blog-content"
            start={editorStart}
            onChange={(html) => setValues((current) => ({ ...current, content: html }))}
            error={errors.content}
            focusRef={focusEditor}
          />
          <ItemFormEnd
            area="blogs"
            id={id}
            form={form}
            published={post?.status === "published"}
            saving={saving}
            submitLabel={saving ? "Saving..." : id ? "Update Post" : "Create Post"}
            onCancel={cancel}
          >
            <UploadProgress fraction={progress} />
          </ItemFormEnd>
        </form>
      )}
      <TranslationSection kind="blog" id={id} idPrefix="blog" />
    </div>
  );
}
