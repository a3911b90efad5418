import { describe, expect, it } from "vitest";
import { PERSONAL_DATA_KINDS } from "../../personal-data/personal-data.registry.ts";
import { ALL_PEOPLE_SOURCES, PEOPLE_SOURCES } from "./index.ts";

describe("People's sources, drawn from the personal data registry", () => {
  it("uses every source file, each once, in the order the registry first names them", () => {
    expect(PEOPLE_SOURCES.map((source) => source.file)).toEqual([
      "card-gifts",
      "receipts",
      "tributes",
      "offline-gifts",
      "pledges",
      "subscriptions",
      "volunteer-applications",
      "email-series",
      "messages",
      "my-giving",
      "queued-mail",
    ]);
    expect([...PEOPLE_SOURCES].sort((a, b) => a.file.localeCompare(b.file))).toEqual(
      [...ALL_PEOPLE_SOURCES].sort((a, b) => a.file.localeCompare(b.file)),
    );
  });

  it("names the sources of gifts in birr, and none for kinds that hold no personal data", () => {
    const byId = new Map(PERSONAL_DATA_KINDS.map((kind) => [kind.id, kind]));
    expect(byId.get("birrGifts")?.people).toEqual(["cardGifts", "receipts"]);
    expect(byId.get("pageViews")).toMatchObject({ noPersonalData: true, people: [] });
    for (const kind of PERSONAL_DATA_KINDS.filter((k) => k.noPersonalData)) expect(kind.people).toEqual([]);
  });
});
