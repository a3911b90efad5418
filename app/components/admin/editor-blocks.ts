import { Node } from "@tiptap/react";
import { LINK_REL } from "../../../core/blogs/blogs.schema";

/**
 * The newsletter editor's own blocks (docs/decisions/0480). Their HTML is exactly what the server's
 * newsletter sanitiser keeps (core/newsletters/newsletter-html.ts).
 */

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    picture: { insertPicture: (picture: PictureAttributes) => ReturnType };
    buttonBlock: { insertButtonBlock: (button: ButtonAttributes) => ReturnType };
  }
}

export interface PictureAttributes {
  src: string;
  alt: string;
  width?: number;
  height?: number;
}

export interface ButtonAttributes {
  label: string;
  href: string;
}

// Both are inserted after the selection, never over it: a block just inserted is selected, and the
// next one would otherwise replace it.

/** A picture uploaded through the media pipeline: `<img src alt width height>`, a block of its own. */
export const Picture = Node.create({
  name: "picture",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      src: { default: null },
      alt: { default: "" },
      width: { default: null },
      height: { default: null },
    };
  },
  parseHTML() {
    return [{ tag: "img[src]" }];
  },
  renderHTML({ HTMLAttributes }) {
    return ["img", HTMLAttributes];
  },
  addCommands() {
    return {
      insertPicture:
        (picture) =>
        ({ state, commands }) =>
          commands.insertContentAt(state.selection.to, { type: this.name, attrs: picture }),
    };
  },
});

/** A call to action: `<p data-button><a href="https://…">Label</a></p>`, a table button in the e-mail. */
export const ButtonBlock = Node.create({
  name: "buttonBlock",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      label: { default: "", parseHTML: (element) => element.textContent?.trim() ?? "", rendered: false },
      href: {
        default: "",
        parseHTML: (element) => element.querySelector("a")?.getAttribute("href") ?? "",
        rendered: false,
      },
    };
  },
  parseHTML() {
    // Before the paragraph's rule (priority 50), which would read it as an ordinary paragraph.
    return [{ tag: "p[data-button]", priority: 60 }];
  },
  renderHTML({ node }) {
    return [
      "p",
      { "data-button": "" },
      ["a", { href: node.attrs.href as string, target: "_blank", rel: LINK_REL }, node.attrs.label as string],
    ];
  },
  addCommands() {
    return {
      insertButtonBlock:
        (button) =>
        ({ state, commands }) =>
          commands.insertContentAt(state.selection.to, { type: this.name, attrs: button }),
    };
  },
});
