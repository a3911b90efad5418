import type { z } from "zod";
import type { Db } from "../../db/database.ts";
import { choiceFilter, listQuerySchema, serveList } from "../admin-lists/list-query.ts";
import { SUBSCRIBER_STATUSES } from "./subscribers.constants.ts";
import { pageSubscribers } from "./subscribers.repository.ts";

/** Admin → Subscribers a page at a time, by status, searched in the address. */
export const SubscribersListQuerySchema = listQuerySchema(["newest", "oldest", "email"], {
  status: choiceFilter(SUBSCRIBER_STATUSES),
});
export type SubscribersListQuery = z.output<typeof SubscribersListQuerySchema>;

export const createSubscribersList = ({ db }: { db: Db }) =>
  serveList(SubscribersListQuerySchema, (query) => pageSubscribers(db, query));
