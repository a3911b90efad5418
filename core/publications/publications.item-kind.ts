import { oneImageKind } from "../item-writes/one-image-kind.ts";
import { ValidationError } from "../shared/errors.ts";
import { fieldErrors } from "../shared/validation.ts";
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
    const { title, description, link, publicationDate } = parsed.data;
    return { title, description, link, publication_date: publicationDate };
  }
  throw new ValidationError(Object.values(errors)[0] as string, errors);
}

/** A publication as the one item-write sequence writes it (docs/decisions/0601-item-writes.md). */
export const publicationKind = oneImageKind<repo.PublicationRow, PublicationValues>({
  entity: "publication",
  notFound: PUBLICATION_NOT_FOUND_MESSAGE,
  folder: "publications",
  validate,
  // The publication's fields as the form names them, to tell which ones an update changed.
  audited: (row) => ({
    title: row.title,
    description: row.description,
    link: row.link,
    publicationDate: row.publication_date,
  }),
  find: repo.findPublication,
  insert: repo.insertPublication,
  update: repo.updatePublication,
  delete: repo.deletePublication,
});
