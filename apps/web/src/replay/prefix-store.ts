// Rejected documents kept for this tab's session (sessionStorage), for the prefix viewer.
const keyOf = (key: string) => `cardlog.prefix.${key}`;

/** Keeps a rejected document; returns the key of its prefix viewer (`/upload/prefix/<key>`). */
export function keepRejectedDocument(text: string): string {
  const key = Math.random().toString(36).slice(2, 10);
  sessionStorage.setItem(keyOf(key), text);
  return key;
}

export const rejectedDocument = (key: string): string | null => sessionStorage.getItem(keyOf(key));
