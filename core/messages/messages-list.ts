import type { z } from "zod";
import type { Db } from "../../db/database.ts";
import { choiceFilter, listQuerySchema, serveList } from "../admin-lists/list-query.ts";
import { pageMessages } from "./messages.repository.ts";

/** Admin → Messages a page at a time: read or unread, searched in name, address and text. */
export const MessagesListQuerySchema = listQuerySchema(["newest", "oldest"], {
  read: choiceFilter(["unread", "read"]),
});
export type MessagesListQuery = z.output<typeof MessagesListQuerySchema>;

export const createMessagesList = ({ db }: { db: Db }) =>
  serveList(MessagesListQuerySchema, (query) => pageMessages(db, query));
