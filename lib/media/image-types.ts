// The five image types MEDIA.md accepts, and how each is named: MIME type, file extension, and
// the other names a browser or a file might use for it.
export const IMAGE_TYPES = {
  "image/jpeg": { ext: "jpg", aliases: ["image/jpg", "image/pjpeg"], extensions: ["jpg", "jpeg", "jpe", "jfif"] },
  "image/png": { ext: "png", aliases: ["image/apng", "image/x-png"], extensions: ["png", "apng"] },
  "image/webp": { ext: "webp", aliases: [], extensions: ["webp"] },
  "image/avif": { ext: "avif", aliases: [], extensions: ["avif"] },
  "image/gif": { ext: "gif", aliases: [], extensions: ["gif"] },
} as const;

export type ImageMimeType = keyof typeof IMAGE_TYPES;

export const IMAGE_MIME_TYPES = Object.keys(IMAGE_TYPES) as ImageMimeType[];

/** The accepted type a MIME type names (aliases included), or null. */
export function imageTypeOfMime(mime: string): ImageMimeType | null {
  const bare = mime.split(";")[0].trim().toLowerCase();
  for (const [type, names] of Object.entries(IMAGE_TYPES)) {
    if (bare === type || (names.aliases as readonly string[]).includes(bare)) return type as ImageMimeType;
  }
  return null;
}

/** Extensions that name an image format, accepted or not: a file named so must be that format. */
const IMAGE_EXTENSIONS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(IMAGE_TYPES).flatMap(([type, names]) => names.extensions.map((ext) => [ext, type]))),
  svg: "image/svg+xml",
  svgz: "image/svg+xml",
  heic: "image/heic",
  heif: "image/heif",
  tif: "image/tiff",
  tiff: "image/tiff",
  bmp: "image/bmp",
  ico: "image/x-icon",
  jxl: "image/jxl",
};

/** The image format a file name's extension claims, or null when it claims none. */
export function imageTypeOfName(filename: string): string | null {
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(filename)?.[1]?.toLowerCase();
  return ext ? (IMAGE_EXTENSIONS[ext] ?? null) : null;
}
