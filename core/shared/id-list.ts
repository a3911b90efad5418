import { z } from "zod/mini";

export const EMPTY_SELECTION_MESSAGE = "Select at least one item.";

/** `{ ids: [...] }` of the admin bulk actions (spec §7); at most one request's worth of rows. */
export const IdListSchema = z.object({
  ids: z
    .array(z.string().check(z.minLength(1), z.maxLength(100)), { error: EMPTY_SELECTION_MESSAGE })
    .check(z.minLength(1, EMPTY_SELECTION_MESSAGE), z.maxLength(10_000, "Select at most 10000 items at a time.")),
});

/** Unknown ids in a bulk action: nothing is changed and the caller is told which were unknown. */
export const unknownIdsMessage = (count: number) =>
  `${count} of the selected items no longer exist. Reload the list and try again.`;
