import { sql } from "kysely";

/**
 * The one rule for which online gifts count in a figure (fund cards, impact, the ledger's tiles, the
 * dashboard, reports, retention, receipts and year-end statements): every gift but a test gift
 * (docs/decisions/0760-test-gifts-count-nowhere.md). `donations` names the donations table or its
 * alias in the query. Offline gifts are never test gifts: staff record money that came.
 */
export const countsAsGiving = (donations = "donations") => sql<boolean>`${sql.ref(`${donations}.test`)} = 0`;
