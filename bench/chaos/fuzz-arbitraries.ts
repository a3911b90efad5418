import fc from "fast-check";
import { z } from "zod";
import type * as zc from "zod/v4/core";

/** The part of JSON Schema that zod's `toJSONSchema` writes for this project's schemas. */
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

/** Text as people and attackers type it: any Unicode, control characters, markup, lone surrogates. */
export const oddText = (maxLength = 80): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.string({ maxLength, unit: "grapheme" }) },
    { weight: 2, arbitrary: fc.string({ maxLength, unit: "binary" }) },
    { weight: 1, arbitrary: fc.constantFrom("\u0000", "a\u0000b", "\ud800", "\uffff", "\u202e", " ", "\r\n", "%00") },
    {
      weight: 1,
      arbitrary: fc.constantFrom("<script>alert(1)</script>", "' or 1=1 --", "{{7*7}}", "#{7*7}", "../../etc/passwd"),
    },
  );

const calendarDate = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .date({ min: new Date("1900-01-01"), max: new Date("2100-12-31"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("2026-02-30", "0000-00-00", "9999-99-99", "2026-1-1", "-001-01-01", "+275760-09-13"),
  },
  { weight: 1, arbitrary: oddText() },
);

const url = fc.oneof(
  { weight: 3, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom("javascript:alert(1)", "http://", "https://[::1", "//evil.test", "http://a b"),
  },
  { weight: 1, arbitrary: oddText() },
);

const youtubeUrl = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{11}$/).map((id) => `https://www.youtube.com/watch?v=${id}`),
  fc.stringMatching(/^[A-Za-z0-9_-]{11}$/).map((id) => `https://youtu.be/${id}?t=1`),
  url,
);

const email = fc.oneof(
  { weight: 3, arbitrary: fc.emailAddress() },
  {
    weight: 1,
    arbitrary: fc.constantFrom("<script>alert(1)</script>@x.io", "a@b", "@", "a@@b.c", `${"a".repeat(300)}@x.io`),
  },
  { weight: 1, arbitrary: oddText() },
);

const html = fc.oneof(
  fc.lorem({ maxCount: 30 }).map((words) => `<p>${words}</p>`),
  fc.constantFrom(
    '<p><a href="javascript:alert(1)" rel="opener">x</a> long enough text</p>',
    "<p></p>",
    "<img src=x onerror=alert(1)>",
  ),
  oddText(400),
);

/** Values for fields whose rules zod keeps in refinements (invisible to JSON Schema), chosen by field name. */
function byFieldName(name: string): fc.Arbitrary<unknown> | undefined {
  if (/email/i.test(name)) return email;
  if (/date/i.test(name)) return calendarDate;
  if (/^youtubeUrl$/i.test(name)) return youtubeUrl;
  if (/url|link|linkedin|twitter/i.test(name)) return url;
  if (/^content$/.test(name)) return html;
  return undefined;
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 200, 400);
  const inRange = fc.string({ minLength: min, maxLength: Math.max(min, max), unit: "grapheme" });
  const overLimit = schema.maxLength !== undefined ? [fc.constant("x".repeat(schema.maxLength + 1))] : [];
  return fc.oneof(
    { weight: 6, arbitrary: inRange },
    { weight: 2, arbitrary: oddText() },
    ...overLimit.map((arbitrary) => ({ weight: 1, arbitrary })),
  );
}

function numberFor(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1e9;
  const max = schema.maximum ?? 1e9;
  const inRange =
    schema.type === "integer"
      ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) })
      : fc.double({ min, max, noNaN: true });
  return fc.oneof(
    { weight: 4, arbitrary: inRange },
    { weight: 1, arbitrary: fc.constantFrom(0, -1, 0.5, 1e308, -1e308, 2 ** 53, 19.99, 1.005, Number.MIN_VALUE) },
  );
}

/** An arbitrary of values that mostly satisfy `schema`, with boundary and hostile values mixed in. */
function fromJsonSchema(schema: JsonSchema, fieldName = ""): fc.Arbitrary<unknown> {
  const hinted = byFieldName(fieldName);
  if (hinted && (schema.type === "string" || schema.anyOf)) return hinted;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum)
    return fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: oddText(20) });
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => fromJsonSchema(option, fieldName)));
  switch (schema.type) {
    case "object": {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, fromJsonSchema(value, key)]),
      );
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in shape) });
    }
    case "array":
      return fc.array(schema.items ? fromJsonSchema(schema.items, fieldName) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 10, 20),
      });
    case "string":
      return stringFor(schema);
    case "number":
    case "integer":
      return numberFor(schema);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      // Unrepresentable in JSON Schema (a transform's input): anything JSON can carry.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Bodies for a zod (or zod/mini) schema: its input side, as a client would send it. */
export function bodiesFor(schema: zc.$ZodType): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return fromJsonSchema(json);
}

/** A valid-looking body bent out of shape: a field dropped, retyped or doubled, or the whole of it replaced. */
export function mutated(bodies: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      bodies,
      fc.jsonValue({ maxDepth: 3 }),
      fc.nat(),
      fc.constantFrom("drop", "retype", "wrap", "replace", "proto", "extra"),
    )
    .map(([body, other, index, how]) => {
      if (typeof body !== "object" || body === null || Array.isArray(body)) return other;
      const record = { ...(body as Record<string, unknown>) };
      const keys = Object.keys(record);
      const key = keys.length > 0 ? (keys[index % keys.length] as string) : "x";
      switch (how) {
        case "drop":
          delete record[key];
          return record;
        case "retype":
          record[key] = other;
          return record;
        case "wrap":
          return [record];
        case "replace":
          return other;
        case "proto":
          return JSON.parse(
            `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}${keys.length ? "," : ""}${JSON.stringify(record).slice(1)}`,
          );
        default:
          record[`extra_${index}`] = other;
          return record;
      }
    });
}
