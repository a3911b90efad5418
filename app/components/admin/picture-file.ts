import { ACCEPTED_IMAGE_TYPES, IMAGE_TYPE_MESSAGE } from "../../../core/media/media.schema";

/**
 * iPhones save photos as HEIC, which the picture pipeline cannot decode (its libvips has no HEVC
 * decoder, for patent reasons). A file picker may still offer them ("All files", or a Mac's Photos),
 * so they are refused when chosen, saying how to get a JPEG, rather than after an upload.
 */
export const HEIC_MESSAGE =
  "This is an iPhone photo in HEIC format, which the site cannot read. Save it as a JPEG first: on a Mac, open it in Preview and choose File → Export → JPEG; on the iPhone, choose Settings → Camera → Formats → Most Compatible for new photos.";

const HEIC = /\.(heic|heif)$/i;
const ACCEPTED = ACCEPTED_IMAGE_TYPES.split(",");

/** Why a chosen file cannot become a picture, before anything is sent; undefined when it may be sent. */
export function pictureFileProblem(file: { name: string; type: string }): string | undefined {
  if (HEIC.test(file.name) || /^image\/hei[cf]/.test(file.type)) return HEIC_MESSAGE;
  // An unknown type ("") is left to the server, which reads the file's own bytes.
  if (file.type && !ACCEPTED.includes(file.type)) return IMAGE_TYPE_MESSAGE;
  return undefined;
}
