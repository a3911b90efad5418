/**
 * Field-level differences between two snapshots, for "compare with this version" screens. Pure and
 * zod-free, so the back office imports it. Paths join object keys and list positions with dots
 * ("boardMembers.1.quote"), the same shape as a validation error's field names.
 */
export type LeafValue = string | number | boolean | null;

export interface FieldChange {
  path: string;
  /** Undefined where the field did not exist on that side (a list grew or shrank). */
  before: LeafValue | undefined;
  after: LeafValue | undefined;
}

/** Every leaf of a JSON value by its path. */
export function flattenSnapshot(value: unknown, prefix = "", into = new Map<string, LeafValue>()) {
  if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) flattenSnapshot(child, prefix ? `${prefix}.${key}` : key, into);
  } else if (value !== undefined) {
    into.set(prefix, value as LeafValue);
  }
  return into;
}

export function diffSnapshots(before: unknown, after: unknown): FieldChange[] {
  const left = flattenSnapshot(before);
  const right = flattenSnapshot(after);
  const changes: FieldChange[] = [];
  for (const path of new Set([...left.keys(), ...right.keys()])) {
    if (left.get(path) !== right.get(path)) changes.push({ path, before: left.get(path), after: right.get(path) });
  }
  return changes;
}
