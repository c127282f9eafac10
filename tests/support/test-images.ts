// Test images made on the spot with sharp (no binaries in the repository): photos with camera
// metadata and GPS, PNGs with text chunks, and the bad files MEDIA.md refuses.
import { randomBytes } from "node:crypto";
import sharp from "sharp";

/** A photo-like JPEG (gradients and noise, so it compresses like one) with EXIF: camera, serial and GPS. */
export async function photoJpeg(options: { width?: number; height?: number; orientation?: number; quality?: number } = {}): Promise<Buffer> {
  const width = options.width ?? 1200;
  const height = options.height ?? 800;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      const noise = (x * 73856093) ^ (y * 19349663);
      raw[i] = (x * 255) / width + (noise & 15);
      raw[i + 1] = (y * 255) / height + ((noise >> 4) & 15);
      raw[i + 2] = 128 + ((noise >> 8) & 31);
    }
  }
  const image = sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: options.quality ?? 90 })
    .withExif({
      IFD0: { Make: "InkbaseTestCam", Model: "Model-SECRET-9000", Software: "CameraFirmware-1.0" },
      IFD2: { BodySerialNumber: "SERIAL-0042-SECRET", UserComment: "COMMENT-SECRET" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 28/1 4000/100", GPSLongitudeRef: "W", GPSLongitude: "0/1 0/1 500/100" },
    });
  return (options.orientation ? image.withMetadata({ orientation: options.orientation }) : image).toBuffer();
}

/** Whether an image's EXIF block points at a GPS IFD (tag 0x8825, either byte order). */
export async function hasGps(bytes: Uint8Array): Promise<boolean> {
  const { exif } = await sharp(bytes).metadata();
  if (!exif) return false;
  return exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]));
}

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A PNG with tEXt chunks (a comment and a "GPS" note) inserted after its header. */
export async function pngWithText(options: { width?: number; height?: number } = {}): Promise<Buffer> {
  const png = await sharp({ create: { width: options.width ?? 800, height: options.height ?? 600, channels: 4, background: { r: 30, g: 120, b: 90, alpha: 1 } } }).png().toBuffer();
  const chunk = (keyword: string, text: string) => {
    const data = Buffer.from(`${keyword}\0${text}`, "latin1");
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write("tEXt", 4, "latin1");
    data.copy(out, 8);
    out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const ihdrEnd = 8 + 25; // signature + IHDR chunk
  return Buffer.concat([png.subarray(0, ihdrEnd), chunk("Comment", "PNGTEXT-SECRET-COMMENT"), chunk("Location", "GPS 51.4678N 0.0014W PNGTEXT-SECRET-PLACE"), png.subarray(ihdrEnd)]);
}

export const SECRETS = ["InkbaseTestCam", "SECRET", "Exif\0\0", "GPS"];

export function containsAny(bytes: Uint8Array, needles: string[]): string[] {
  const text = Buffer.from(bytes).toString("latin1");
  return needles.filter((needle) => text.includes(needle));
}

/** An image of `megapixels` million pixels that costs almost nothing to make or send (one colour). */
export function hugePng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#808080" } }).png({ compressionLevel: 9 }).toBuffer();
}

export const SVG = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>`);

export const TEXT_AS_JPG = Buffer.from("This is not an image, whatever its name says.\n".repeat(20));

export async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(
    ["#c00", "#0c0", "#00c"].map((colour) => sharp({ create: { width: 400, height: 300, channels: 3, background: colour } }).raw().toBuffer()),
  );
  return sharp(Buffer.concat(frames), { raw: { width: 400, height: 900, channels: 3, pageHeight: 300 } } as never).gif({ delay: [100, 100, 100], loop: 0 }).toBuffer();
}

/** Random pixels: a PNG that cannot compress, `width × height × 3` bytes and more (over 4 MiB takes the two-step upload). */
export function noisePng(width: number, height: number): Promise<Buffer> {
  const raw = randomBytes(width * height * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
}
