import { PERSONAL_DATA_KINDS } from "../../personal-data/personal-data.registry.ts";
import type { PersonSource } from "../person-source.ts";
import { cardGifts } from "./card-gifts.repository.ts";
import { emailSeries } from "./email-series.repository.ts";
import { mailQueue } from "./mail-queue.repository.ts";
import { messages } from "./messages.repository.ts";
import { myGiving } from "./my-giving.repository.ts";
import { offlineGifts } from "./offline-gifts.repository.ts";
import { pledges } from "./pledges.repository.ts";
import { receipts } from "./receipts.repository.ts";
import { subscribers } from "./subscribers.repository.ts";
import { tributes } from "./tributes.repository.ts";
import { volunteers } from "./volunteers.repository.ts";

/** One file per kind of record holding a supporter's e-mail address, by the name the registry uses. */
const SOURCES = {
  cardGifts,
  offlineGifts,
  pledges,
  receipts,
  subscribers,
  volunteers,
  messages,
  myGiving,
  mailQueue,
  tributes,
  emailSeries,
} satisfies Record<string, PersonSource>;

export type PeopleSourceName = keyof typeof SOURCES;

/**
 * People's sources, in the order the personal data registry first names them: the registry is the
 * one list of what the site holds (docs/decisions/0742-people-sources-named-by-the-registry.md). A
 * source no kind names would be left out of search, export and erasure: a test refuses that.
 */
export const PEOPLE_SOURCES: readonly PersonSource[] = [
  ...new Set(PERSONAL_DATA_KINDS.flatMap((kind) => kind.people)),
].map((name) => SOURCES[name]);

/** Every source there is, named or not: for the test that each is named by the registry. */
export const ALL_PEOPLE_SOURCES: readonly PersonSource[] = Object.values(SOURCES);
