/** Record ids are UUIDs; anything else cannot name a record (and answers 404, never 500). */
export const isRecordId = (id: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
