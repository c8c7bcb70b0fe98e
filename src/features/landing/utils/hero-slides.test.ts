import { describe, expect, it } from 'vitest';
import { heroSlides, heroSrcSet, heroWidths } from '@/features/landing/utils/hero-slides';
import indexHtml from '../../../../index.html?raw';
import manifestJson from '../../../../public/hero/manifest.json?raw';

type Manifest = {
  images: {
    id: string;
    style: string;
    alt: string;
    files: { src: string; format: string; width: number; height: number }[];
  }[];
};

const manifest = JSON.parse(manifestJson) as Manifest;

describe('hero slides', () => {
  it('match public/hero/manifest.json: ten images with their alt text', () => {
    expect(heroSlides).toHaveLength(10);
    expect(heroSlides).toEqual(manifest.images.map(({ id, style, alt }) => ({ id, style, alt })));
  });

  it('name only files that exist in the manifest, 16:9, in AVIF and WebP', () => {
    for (const image of manifest.images) {
      for (const format of ['avif', 'webp'] as const) {
        const listed = heroSrcSet(image.id, format)
          .split(', ')
          .map((entry) => entry.split(' ')[0]);
        const files = image.files.filter((f) => f.format === format);
        expect(listed).toEqual(files.map((f) => f.src));
        for (const f of files) expect(f.width * 9).toBe(f.height * 16);
      }
    }
    expect(heroWidths).toEqual([640, 1024, 1600, 2400]);
  });

  it('preloads the first image from index.html with the same srcset and sizes as the page', () => {
    expect(indexHtml).toContain(`'imagesrcset', '${heroSrcSet('hero-01', 'avif')}'`);
    expect(indexHtml).toContain(`'imagesizes', '100vw'`);
  });
});
