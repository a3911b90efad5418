import type { z } from "zod";
import type { Db } from "../../db/database.ts";
import { choiceFilter, listQuerySchema, serveList } from "../admin-lists/list-query.ts";
import { pageApplications } from "./volunteers.repository.ts";
import { VOLUNTEER_STATUSES } from "./volunteers.schema.ts";

/** Admin → Volunteers a page at a time, by status, searched in name, address and interest. */
export const VolunteersListQuerySchema = listQuerySchema(["newest", "oldest", "name"], {
  status: choiceFilter(VOLUNTEER_STATUSES),
});
export type VolunteersListQuery = z.output<typeof VolunteersListQuerySchema>;

export const createVolunteersList = ({ db }: { db: Db }) =>
  serveList(VolunteersListQuerySchema, (query) => pageApplications(db, query));
