/**
 * Keeps what an admin is typing in localStorage, so a closed tab, a crash or an expired session
 * never costs a long text. Cleared when the record is saved or the admin cancels.
 */
export interface Draft<T> {
  values: T;
  savedAt: string;
}

const storageKey = (key: string) => `draft:${key}`;

export function readDraft<T>(key: string): Draft<T> | null {
  try {
    const raw = window.localStorage.getItem(storageKey(key));
    return raw ? (JSON.parse(raw) as Draft<T>) : null;
  } catch {
    return null;
  }
}

export function writeDraft<T>(key: string, values: T): void {
  try {
    window.localStorage.setItem(storageKey(key), JSON.stringify({ values, savedAt: new Date().toISOString() }));
  } catch {
    // Storage full or blocked: the form itself still holds the text.
  }
}

export function clearDraft(key: string): void {
  try {
    window.localStorage.removeItem(storageKey(key));
  } catch {
    // Nothing to clear.
  }
}
