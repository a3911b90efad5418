import type { Db } from "../../db/database.ts";
import type { StoredImage } from "../media/media.schema.ts";
import { parseStoredImage, serializeStoredImage } from "../media/stored-image.ts";
import type { UploadFolder } from "../media/upload-references.ts";
import { stateColumns, stateOf } from "../versions/item-states.ts";
import { sentConsent } from "../versions/scheduled-publishing.ts";
import { sentDescription } from "./image-descriptions.ts";
import type { ItemKind } from "./item-writes.ts";

/** The columns a row that keeps one image has besides its own. */
export interface OneImageRow {
  id: string;
  image_url: string;
  /** JSON of the image's variants (core/media/stored-image.ts). */
  image_variants: string | null;
  created_at: string;
  updated_at: string;
  status: string;
  publish_at: string | null;
  image_alt: string | null;
  image_decorative: number;
}

/** The picture's description columns a write sets: only those it sent (a spec client sends neither). */
type DescriptionColumns = Partial<Pick<OneImageRow, "image_alt" | "image_decorative">>;

function descriptionColumns(fields: unknown): DescriptionColumns {
  const { alt, decorative } = sentDescription(fields);
  return {
    ...(alt === undefined ? {} : { image_alt: alt || null }),
    ...(decorative === undefined ? {} : { image_decorative: decorative ? 1 : 0 }),
  };
}

/** The row's columns without the ones this file sets; an update leaves a kept image's two out. */
type Changes<Row extends OneImageRow> = Omit<Row, "id" | "created_at" | "image_url" | "image_variants"> &
  Partial<Pick<Row, "image_url" | "image_variants">>;

/** The image's two columns, written only with a new image. */
const imageColumns = (image: StoredImage) => ({ image_url: image.url, image_variants: serializeStoredImage(image) });

/**
 * A kind whose row keeps one image (the form's `image`, its consent in `imageConsent`, its
 * description in `imageAlt` and `imageDecorative`) beside its own columns: blog posts and
 * publications. The kind gives its names, its checks and its rows.
 */
export function oneImageKind<Row extends OneImageRow & Values, Values extends object>(kind: {
  entity: string;
  notFound: string;
  folder: UploadFolder;
  /** The form's fields checked into the row's own columns; a create without an image is a 400 too. */
  validate(fields: unknown, imageMissing: boolean): Values;
  audited(values: Values): object;
  find(db: Db, id: string): Promise<Row | undefined>;
  insert(db: Db, row: Row): Promise<void>;
  update(db: Db, id: string, changes: Changes<Row>): Promise<void>;
  delete(db: Db, id: string): Promise<unknown>;
}): ItemKind<Row, Values & DescriptionColumns> {
  return {
    entity: kind.entity,
    notFound: kind.notFound,
    uploads: { folder: kind.folder, field: "image" },
    validate: (fields, uploads, creating) => ({
      ...kind.validate(fields, creating && uploads.length === 0),
      ...descriptionColumns(fields),
    }),
    find: kind.find,
    stateOf,
    filesOf: (row) => [parseStoredImage(row.image_variants, row.image_url)],
    shows: (_values, [image]) => (image ? [image.url] : []),
    consents: (fields, shown) => shown.map((url) => sentConsent(fields, url)),
    described: (values, before) => [
      {
        alt: (values.image_alt === undefined ? before?.image_alt : values.image_alt) ?? "",
        decorative: (values.image_decorative ?? before?.image_decorative) === 1,
        name: "The picture",
        field: "imageAlt",
      },
    ],
    // A description the write did not send is no change.
    audited: (values) => ({
      ...kind.audited(values),
      ...(values.image_alt === undefined ? {} : { imageAlt: values.image_alt }),
      ...(values.image_decorative === undefined ? {} : { imageDecorative: values.image_decorative === 1 }),
    }),
    async insert(trx, { id, values, files, state, now }) {
      // validate made a create send its image.
      const image = files?.[0] as StoredImage;
      const columns = { id, ...imageColumns(image), created_at: now, updated_at: now, ...stateColumns(state) };
      await kind.insert(trx, { ...values, ...columns } as unknown as Row);
    },
    async update(trx, { id, values, files, state, now }) {
      const image = files?.[0];
      const columns = { ...(image ? imageColumns(image) : {}), updated_at: now, ...stateColumns(state) };
      await kind.update(trx, id, { ...values, ...columns } as unknown as Changes<Row>);
    },
    async delete(trx, id) {
      await kind.delete(trx, id);
    },
  };
}
