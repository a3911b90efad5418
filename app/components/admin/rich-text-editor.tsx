import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useRef } from "react";
import toast from "react-hot-toast";
import {
  EDITOR_UNDO_DEPTH,
  EDITOR_UNDO_GROUP_MS,
  isAllowedLink,
  LINK_REL,
  LINK_SCHEMES,
} from "../../../core/blogs/blogs.schema";
import { ACCEPTED_IMAGE_TYPES } from "../../../core/media/media.schema";
import { ButtonBlock, Picture, type PictureAttributes } from "./editor-blocks";
import { pictureFileProblem } from "./picture-file";

/** Blocks beyond the blog's, for the newsletter editor (docs/decisions/0480). */
export interface RichTextFeatures {
  /** Uploads a picture through the media pipeline; the toolbar gets "Picture". */
  uploadPicture?: (file: File) => Promise<Omit<PictureAttributes, "alt">>;
  /** A "Button" block: a label and an https link. */
  buttons?: boolean;
}

const isHttpsLink = (value: string) => {
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
};

interface RichTextEditorProps {
  id: string;
  /** HTML to start with; later changes to it are ignored (the editor owns its content). */
  initialContent: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  describedBy?: string;
  labelledBy: string;
  /** Gives the parent a way to focus the editor (first invalid field). */
  onReady?: (focus: () => void) => void;
  /** Read once, when the editor is made. */
  features?: RichTextFeatures;
}

const CONTENT_CLASSES =
  "min-h-72 px-4 py-3 text-ink focus:outline-none [&_a]:text-brand [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-accent [&_blockquote]:pl-4 [&_blockquote]:italic [&_h2]:mt-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-3 [&_h3]:text-xl [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-2 [&_ul]:list-disc [&_ul]:pl-6";

/**
 * The blog's rich-text editor (spec §2): bold, italic, underline, link, H2, H3, bullet list,
 * blockquote; undo depth 100 grouped by 500 ms. Only what the server's sanitiser allows can be made.
 * Admin-only: TipTap never reaches public pages.
 */
export function RichTextEditor({
  id,
  initialContent,
  onChange,
  invalid,
  describedBy,
  labelledBy,
  onReady,
  features = {},
}: RichTextEditorProps) {
  const pictureInput = useRef<HTMLInputElement>(null);
  const withBlocks = Boolean(features.uploadPicture || features.buttons);
  const attributes: Record<string, string> = {
    id,
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": labelledBy,
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    ...(invalid ? { "aria-invalid": "true" } : {}),
    class: withBlocks ? `${CONTENT_CLASSES} newsletter-blocks` : CONTENT_CLASSES,
  };
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        undoRedo: { depth: EDITOR_UNDO_DEPTH, newGroupDelay: EDITOR_UNDO_GROUP_MS },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          protocols: [...LINK_SCHEMES],
          HTMLAttributes: { target: "_blank", rel: LINK_REL },
          isAllowedUri: (url) => isAllowedLink(url),
        },
      }),
      ...(features.uploadPicture ? [Picture] : []),
      ...(features.buttons ? [ButtonBlock] : []),
    ],
    content: initialContent,
    editorProps: { attributes },
    onCreate: ({ editor: created }) => onReady?.(() => created.commands.focus()),
    onUpdate: ({ editor: updated }) => onChange(updated.isEmpty ? "" : updated.getHTML()),
  });

  // Error state changes after the editor exists; its DOM attributes follow.
  const attributeKey = JSON.stringify(attributes);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attributeKey stands for attributes
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes } });
  }, [editor, attributeKey]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive("bold"),
            italic: e.isActive("italic"),
            underline: e.isActive("underline"),
            link: e.isActive("link"),
            h2: e.isActive("heading", { level: 2 }),
            h3: e.isActive("heading", { level: 3 }),
            bulletList: e.isActive("bulletList"),
            blockquote: e.isActive("blockquote"),
            button: e.isActive("buttonBlock"),
          }
        : null,
  });

  function editLink() {
    if (!editor) return;
    const current = (editor.getAttributes("link").href as string | undefined) ?? "";
    const input = window.prompt("Link URL (leave empty to remove the link)", current);
    if (input === null) return;
    const href = input.trim();
    if (href === "") {
      editor.chain().focus().extendMarkRange("link").unsetLink().run();
      return;
    }
    if (!isAllowedLink(href)) {
      toast.error(`Links must start with one of: ${LINK_SCHEMES.join(", ")}.`);
      return;
    }
    editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
  }

  async function addPicture(file: File) {
    if (!editor || !features.uploadPicture) return;
    const problem = pictureFileProblem(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    const uploading = toast.loading("Uploading the picture...");
    try {
      const uploaded = await features.uploadPicture(file);
      toast.dismiss(uploading);
      const alt = window.prompt("Describe the picture for people who cannot see it (alt text)", "") ?? "";
      editor
        .chain()
        .focus()
        .insertPicture({ ...uploaded, alt: alt.trim() })
        .run();
    } catch (error) {
      toast.dismiss(uploading);
      toast.error(error instanceof Error && error.message ? error.message : "The picture could not be uploaded.");
    }
  }

  function editButton() {
    if (!editor) return;
    const current = editor.isActive("buttonBlock") ? editor.getAttributes("buttonBlock") : {};
    const label = window.prompt("Button text", (current.label as string | undefined) ?? "")?.trim();
    if (!label) return;
    const href = window.prompt("Button link (https://…)", (current.href as string | undefined) ?? "https://")?.trim();
    if (!href) return;
    if (!isHttpsLink(href)) {
      toast.error("A button's link must start with https://");
      return;
    }
    if (editor.isActive("buttonBlock")) editor.chain().focus().updateAttributes("buttonBlock", { label, href }).run();
    else editor.chain().focus().insertButtonBlock({ label, href }).run();
  }

  const buttons: Array<{ label: string; text: string; pressed: boolean; run: () => void; className?: string }> = editor
    ? [
        {
          label: "Bold",
          text: "B",
          pressed: active?.bold ?? false,
          run: () => editor.chain().focus().toggleBold().run(),
          className: "font-bold",
        },
        {
          label: "Italic",
          text: "I",
          pressed: active?.italic ?? false,
          run: () => editor.chain().focus().toggleItalic().run(),
          className: "italic",
        },
        {
          label: "Underline",
          text: "U",
          pressed: active?.underline ?? false,
          run: () => editor.chain().focus().toggleUnderline().run(),
          className: "underline",
        },
        { label: "Link", text: "Link", pressed: active?.link ?? false, run: editLink },
        {
          label: "H2 (heading 2)",
          text: "H2",
          pressed: active?.h2 ?? false,
          run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
        },
        {
          label: "H3 (heading 3)",
          text: "H3",
          pressed: active?.h3 ?? false,
          run: () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
        },
        {
          label: "Bullet list",
          text: "• List",
          pressed: active?.bulletList ?? false,
          run: () => editor.chain().focus().toggleBulletList().run(),
        },
        {
          label: "Quote (blockquote)",
          text: "“ Quote",
          pressed: active?.blockquote ?? false,
          run: () => editor.chain().focus().toggleBlockquote().run(),
        },
        ...(features.uploadPicture
          ? [{ label: "Picture", text: "Picture", pressed: false, run: () => pictureInput.current?.click() }]
          : []),
        ...(features.buttons
          ? [
              {
                label: "Button (a link as a button)",
                text: "Button",
                pressed: active?.button ?? false,
                run: editButton,
              },
            ]
          : []),
      ]
    : [];

  return (
    <div
      className={`mt-1 overflow-hidden rounded-lg border bg-white focus-within:ring-2 focus-within:ring-brand ${invalid ? "border-red-600 ring-1 ring-red-600" : "border-gray-300"}`}
    >
      <div
        role="toolbar"
        aria-label="Formatting"
        aria-controls={id}
        className="flex flex-wrap gap-1 border-b border-gray-200 bg-gray-50 p-2"
      >
        {buttons.map((button) => (
          <button
            key={button.label}
            type="button"
            aria-label={button.label}
            aria-pressed={button.pressed}
            title={button.label}
            onMouseDown={(event) => event.preventDefault()}
            onClick={button.run}
            className={`min-w-10 rounded-md px-2.5 py-1.5 text-sm ${button.pressed ? "bg-brand text-white" : "text-ink hover:bg-gray-200"} ${button.className ?? ""}`}
          >
            {button.text}
          </button>
        ))}
        {features.uploadPicture && (
          <input
            ref={pictureInput}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES}
            // The toolbar's "Picture" button opens it; it is not a control of its own.
            aria-hidden="true"
            className="sr-only"
            tabIndex={-1}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void addPicture(file);
            }}
          />
        )}
      </div>
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        <div className="min-h-72 px-4 py-3 text-muted">Loading editor...</div>
      )}
    </div>
  );
}
