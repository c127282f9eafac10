// The widths of a medium's WebP variants (MEDIA.md): those narrower than the original are made.
// Apart from process-image.ts so that the renderer can use them without loading sharp.
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920, 2560] as const;
