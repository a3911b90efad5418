import type { PersonSource } from "../person-source.ts";
import { cardGifts } from "./card-gifts.repository.ts";
import { mailQueue } from "./mail-queue.repository.ts";
import { messages } from "./messages.repository.ts";
import { myGiving } from "./my-giving.repository.ts";
import { offlineGifts } from "./offline-gifts.repository.ts";
import { pledges } from "./pledges.repository.ts";
import { receipts } from "./receipts.repository.ts";
import { subscribers } from "./subscribers.repository.ts";
import { volunteers } from "./volunteers.repository.ts";

/** Every kind of record that holds a supporter's e-mail address: one file each. */
export const PEOPLE_SOURCES: readonly PersonSource[] = [
  cardGifts,
  offlineGifts,
  pledges,
  receipts,
  subscribers,
  volunteers,
  messages,
  myGiving,
  mailQueue,
];
