// The columns a media object is made from (lib/media/to-media.ts).
export const mediaSelect = {
  id: true,
  filename: true,
  storedName: true,
  mimeType: true,
  size: true,
  width: true,
  height: true,
  alt: true,
  placeholder: true,
  variants: true,
  createdAt: true,
} as const;
