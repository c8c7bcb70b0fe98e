import { vi } from 'vitest';

/**
 * The browser's image APIs (jsdom has none): a decoder that reports `size`, and a canvas that records what it was
 * asked for and encodes to `encodes` (a browser without a WebP encoder gives PNG).
 */
export function browserImages({
  size,
  encodes = 'image/webp',
  bytes = 1000,
  fails = false,
}: {
  size: [number, number];
  encodes?: string;
  bytes?: number;
  fails?: boolean;
}) {
  const drawn: { width: number; height: number; quality?: number }[] = [];
  vi.stubGlobal('createImageBitmap', async () => {
    if (fails) throw new Error('The source image could not be decoded.');
    return { width: size[0], height: size[1], close: () => {} };
  });
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      readonly width: number;
      readonly height: number;
      constructor(width: number, height: number) {
        this.width = width;
        this.height = height;
      }
      getContext() {
        return { drawImage: () => {} };
      }
      async convertToBlob(options: { type: string; quality: number }) {
        drawn.push({ width: this.width, height: this.height, quality: options.quality });
        return new Blob([new Uint8Array(bytes)], { type: encodes });
      }
    },
  );
  return drawn;
}
