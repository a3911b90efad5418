import type { ItemKind } from "../item-writes/item-writes.ts";
import type { StoredImage } from "../media/media.schema.ts";
import { parseStoredImage, serializeStoredImage } from "../media/stored-image.ts";
import { ValidationError } from "../shared/errors.ts";
import { fieldErrors } from "../shared/validation.ts";
import { stateColumns, stateOf } from "../versions/item-states.ts";
import { sentConsent } from "../versions/scheduled-publishing.ts";
import * as repo from "./publications.repository.ts";
import { PUBLICATION_MESSAGES, PublicationInputSchema } from "./publications.schema.ts";

export const PUBLICATION_NOT_FOUND_MESSAGE = "Publication not found.";

/** The publication's columns a write sets from the form. */
type PublicationValues = Pick<repo.PublicationRow, "title" | "description" | "link" | "publication_date">;

/** Validates the form fields (and the image's presence) into one 400 listing every problem. */
function validate(fields: unknown, imageMissing: boolean): PublicationValues {
  const parsed = PublicationInputSchema.safeParse(fields);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (imageMissing) errors.image = PUBLICATION_MESSAGES.image;
  if (parsed.success && Object.keys(errors).length === 0) {
    const input = parsed.data;
    return {
      title: input.title,
      description: input.description,
      link: input.link,
      publication_date: input.publicationDate,
    };
  }
  throw new ValidationError(Object.values(errors)[0] as string, errors);
}

/** The image's two columns, written only with a new image. */
const imageColumns = (image: StoredImage) => ({ image_url: image.url, image_variants: serializeStoredImage(image) });

/** A publication as the one item-write sequence writes it (docs/decisions/0601-item-writes.md). */
export const publicationKind: ItemKind<repo.PublicationRow, PublicationValues> = {
  entity: "publication",
  notFound: PUBLICATION_NOT_FOUND_MESSAGE,
  uploads: { folder: "publications", field: "image" },
  validate: (fields, uploads, creating) => validate(fields, creating && uploads.length === 0),
  find: repo.findPublication,
  stateOf,
  filesOf: (row) => [parseStoredImage(row.image_variants, row.image_url)],
  shows: (_values, [image]) => (image ? [image.url] : []),
  consents: (fields, shown) => shown.map((url) => sentConsent(fields, url)),
  // The publication's fields as the form names them, to tell which ones an update changed.
  audited: (row) => ({
    title: row.title,
    description: row.description,
    link: row.link,
    publicationDate: row.publication_date,
  }),
  async insert(trx, { id, values, files, state, now }) {
    // validate made a create send its image.
    const image = files?.[0] as StoredImage;
    await repo.insertPublication(trx, {
      id,
      ...values,
      ...imageColumns(image),
      created_at: now,
      updated_at: now,
      ...stateColumns(state),
    });
  },
  async update(trx, { id, values, files, state, now }) {
    const image = files?.[0];
    await repo.updatePublication(trx, id, {
      ...values,
      ...(image ? imageColumns(image) : {}),
      updated_at: now,
      ...stateColumns(state),
    });
  },
  async delete(trx, id) {
    await repo.deletePublication(trx, id);
  },
};
