/**
 * What an image file is, read from its first bytes rather than its name: the format and the pixel size. Read by
 * hand because the content check is synchronous and needs only a few bytes of the header.
 */

type ImageFormat = 'JPEG' | 'PNG' | 'WebP';

export interface ImageHeader {
  format: ImageFormat;
  /** The MIME type the file is served with. */
  type: `image/${'jpeg' | 'png' | 'webp'}`;
  /** The extension the file is served under. */
  extension: 'jpg' | 'png' | 'webp';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function png(bytes: Buffer): ImageHeader | undefined {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return {
    format: 'PNG',
    type: 'image/png',
    extension: 'png',
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
  };
}

/** JPEG start-of-frame markers (baseline, progressive and the rarer codings); C4, C8 and CC are other segments. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

function jpeg(bytes: Buffer): ImageHeader | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] ?? 0;
    // Fill bytes and markers without a length (restart, start of image).
    if (marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += marker === 0xff ? 1 : 2;
      continue;
    }
    if (isStartOfFrame(marker)) {
      return {
        format: 'JPEG',
        type: 'image/jpeg',
        extension: 'jpg',
        height: bytes.readUInt16BE(at + 5),
        width: bytes.readUInt16BE(at + 7),
      };
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return undefined;
}

function webp(bytes: Buffer): ImageHeader | undefined {
  if (bytes.length < 30 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP')
    return undefined;
  const chunk = bytes.toString('latin1', 12, 16);
  const size = (width: number, height: number): ImageHeader => ({
    format: 'WebP',
    type: 'image/webp',
    extension: 'webp',
    width,
    height,
  });
  if (chunk === 'VP8 ') return size(bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return size((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') return size(bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1);
  return undefined;
}

/** The image's format and pixel size when the bytes are a JPEG, PNG or WebP image; undefined otherwise. */
export function readImageHeader(bytes: Buffer): ImageHeader | undefined {
  const header = jpeg(bytes) ?? png(bytes) ?? webp(bytes);
  return header && header.width > 0 && header.height > 0 ? header : undefined;
}

/** What the bytes hold instead, in a few words, for a message about a file that is not such an image. */
export function describeOtherBytes(bytes: Buffer): string {
  if (bytes.length === 0) return 'the file is empty';
  const brand = bytes.toString('latin1', 4, 12);
  if (/^ftyp(?:heic|heix|mif1|hevc)/.test(brand)) return 'it is a HEIC photo, as iPhones save them';
  if (bytes.toString('latin1', 0, 4) === 'GIF8') return 'it is a GIF';
  const head = bytes.subarray(0, 512).toString('utf8');
  if (/<svg[\s>]/i.test(head)) return 'it is an SVG drawing';
  if (!/[\u0000-\u0008\u000e-\u001f\ufffd]/.test(head)) return 'it holds text';
  return 'its contents are not an image in one of these formats';
}
