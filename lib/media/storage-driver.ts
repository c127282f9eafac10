// What a media storage driver is (the interface storage.ts chooses an implementation of) and the
// only keys a driver accepts. Its own file so the drivers and the chooser share it without
// importing each other (STYLE.md: a chooser and its drivers share helpers through a third file).

export type StoredObject = { body: ReadableStream<Uint8Array>; size: number };
export type ListedObject = { key: string; size: number; lastModified: Date };
/** Where and how the client sends the bytes of a two-step upload. */
export type SignedPut = { url: string; headers: Record<string, string> };

export interface MediaStorage {
  /** Writes the whole object; an existing one is replaced. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object as a stream, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the objects; missing ones are not an error. */
  delete(keys: string[]): Promise<void>;
  /**
   * A URL that accepts one PUT of exactly `size` bytes at `key` until `expiresAt`: a presigned
   * URL on S3, Blob's upload URL with a client token on Vercel Blob, the app's own one-time URL
   * (`origin` + /api/media/uploads/<id>) on local disk.
   */
  signedPutUrl(input: { key: string; uploadId: string; origin: string; contentType: string; size: number; expiresAt: Date }): Promise<SignedPut>;
  /** Every object, for the orphan sweep. */
  list(): AsyncIterable<ListedObject>;
}

/** `<media id>/<name>` or `uploads/<upload id>`: the only keys a driver accepts (no path tricks). */
export const STORAGE_KEY = /^(?:med_[A-Za-z0-9]{8,40}\/[A-Za-z0-9][A-Za-z0-9._-]{0,150}|uploads\/upl_[A-Za-z0-9]{8,40})$/;

export function assertStorageKey(key: string): string {
  if (!STORAGE_KEY.test(key) || key.includes("..")) throw new Error(`not a media storage key: ${JSON.stringify(key)}`);
  return key;
}
