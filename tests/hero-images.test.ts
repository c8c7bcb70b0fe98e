import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

/**
 * Checks the committed landing hero images against their manifest (no stack needed).
 * Regenerate with `npx tsx scripts/generate-hero-images.ts`.
 */

interface ManifestFile {
  src: string;
  format: string;
  width: number;
  height: number;
}
interface ManifestImage {
  id: string;
  style: string;
  alt: string;
  files: ManifestFile[];
}

const publicDir = fileURLToPath(new URL('../public', import.meta.url));
const manifest = JSON.parse(readFileSync(join(publicDir, 'hero', 'manifest.json'), 'utf8')) as { images: ManifestImage[] };

describe('landing hero images', () => {
  it('lists ten images with distinct, non-empty alt texts and styles', () => {
    expect(manifest.images).toHaveLength(10);
    const alts = manifest.images.map((i) => i.alt.trim());
    expect(alts.every((a) => a.length > 20)).toBe(true);
    expect(new Set(alts).size).toBe(10);
    expect(new Set(manifest.images.map((i) => i.style)).size).toBe(10);
  });

  it('has AVIF and WebP at 640, 1024, 1600 and 2400 wide for every image', () => {
    for (const image of manifest.images) {
      const got = image.files.map((f) => `${f.format}@${f.width}`).sort();
      expect(got).toEqual(['avif@1024', 'avif@1600', 'avif@2400', 'avif@640', 'webp@1024', 'webp@1600', 'webp@2400', 'webp@640']);
    }
  });

  it('every listed file exists with the stated format and dimensions', async () => {
    for (const image of manifest.images) {
      for (const file of image.files) {
        const path = join(publicDir, file.src);
        expect(existsSync(path), file.src).toBe(true);
        const meta = await sharp(path).metadata();
        expect([meta.width, meta.height], file.src).toEqual([file.width, file.height]);
        expect(file.height).toBe(Math.round((file.width * 9) / 16));
        // sharp reports AVIF as the HEIF container with AV1 compression.
        if (file.format === 'avif') expect([meta.format, meta.compression], file.src).toEqual(['heif', 'av1']);
        else expect(meta.format, file.src).toBe('webp');
      }
    }
  });

  it('keeps the mobile (LCP) variants small', () => {
    for (const image of manifest.images) {
      for (const file of image.files.filter((f) => f.width <= 1024)) {
        const bytes = readFileSync(join(publicDir, file.src)).length;
        expect(bytes, file.src).toBeLessThan(80 * 1024);
      }
    }
  });
});
