import type { StoredImage } from "../../../core/media/media.schema";
import { apiUpload } from "../../lib/api-client";

/**
 * The rich-text editor as newsletters and welcome e-mails use it: the blog's, plus buttons and
 * pictures, which go through the media pipeline like every other picture.
 */
export const NEWSLETTER_EDITOR = {
  buttons: true,
  async uploadPicture(file: File) {
    const form = new FormData();
    form.append("image", file);
    const image = await apiUpload<StoredImage>("/api/newsletters/images", form);
    return { src: image.url, width: image.width, height: image.height };
  },
};
