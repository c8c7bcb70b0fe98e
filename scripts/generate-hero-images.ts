/**
 * Generates the landing-page hero illustrations, the social preview image and the manifest.
 * Idempotent: output depends only on the scene list below (and the sharp version), and files
 * whose bytes are unchanged are not rewritten.
 *
 *   npx tsx scripts/generate-hero-images.ts [--contact-sheet /tmp/contact-sheet.png]
 */

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { renderSvg, renderSvgFormats, roomScene, type DesignStyle, type RoomKind } from '@good-space/seed-art';

interface HeroScene {
  seed: string;
  style: DesignStyle;
  room: RoomKind;
  /** Describes what is actually drawn; checked by eye against the contact sheet. */
  alt: string;
}

/** Order matters: the first image is the LCP element, so it is the brightest, calmest scene. */
export const HERO_SCENES: readonly HeroScene[] = [
  { seed: 'hero-02', style: 'Mid-Century Modern', room: 'living', alt: 'A warm Mid-Century Modern living room with a caramel sofa and patterned cushions, a brass arc floor lamp, a walnut credenza, a teal lounge chair by a wide window and a sunset print above the sofa' },
  { seed: 'hero-01', style: 'Scandinavian', room: 'living', alt: 'A sunlit Scandinavian living room with a pale linen sofa, a striped rug, a light-wood sideboard with a trailing plant, a soft blue lounge chair by a tall curtained window and a small olive tree' },
  { seed: 'hero-03', style: 'Bohemian', room: 'bedroom', alt: 'A Bohemian bedroom with a cane headboard, a cluster of small framed prints, a rattan peacock chair beside an arched window, leafy plants, a wooden dresser with an arched mirror and a bright kilim rug' },
  { seed: 'hero-04', style: 'Art Deco', room: 'living', alt: 'An Art Deco living room with deep green fan-patterned walls, a blush velvet channel-back sofa, a marble pedestal coffee table, a brass globe floor lamp and an arched window with pink curtains' },
  { seed: 'hero-05', style: 'Farmhouse', room: 'dining', alt: 'A Farmhouse dining room with white shiplap walls, a long wooden table with spindle-back chairs, a black dome pendant, a sage green china hutch and a green-and-cream checked rug' },
  { seed: 'hero-06', style: 'Industrial', room: 'office', alt: 'An Industrial home office with an exposed brick wall, a bookcase full of books, a wooden desk with a laptop and a black task lamp, a leather club chair and a steel-framed window onto the city' },
  { seed: 'hero-07', style: 'Coastal', room: 'living', alt: 'A Coastal living room with pale blue shiplap walls, a white slipcovered sofa with navy cushions, a rattan peacock chair by a window looking out to sea and a blue-striped rug' },
  { seed: 'hero-08', style: 'Vintage Eclectic', room: 'living', alt: 'A Vintage Eclectic living room with dark green walls, a coral tufted Chesterfield sofa, a gallery wall of framed prints, a sand-coloured wingback chair, pleated floor lamps and a Persian-style rug on a herringbone floor' },
  { seed: 'hero-09', style: 'Mediterranean', room: 'dining', alt: 'A Mediterranean dining room with terracotta floor tiles, three woven rattan pendants over a wooden table with cane chairs, a blue painted hutch, olive trees and an arched window onto the sea' },
  { seed: 'hero-10', style: 'Cottage Core', room: 'bedroom', alt: 'A Cottage Core bedroom with floral wallpaper, a brass bed with a sage throw, a pink wingback chair by a paned window, a wooden dresser with a round mirror and a pink checked rug' },
];

export const HERO_WIDTHS = [640, 1024, 1600, 2400] as const;
export const HERO_FORMATS = ['avif', 'webp'] as const;
/** Smaller widths get slightly higher quality: they are viewed on dense phone screens. */
const QUALITY: Record<(typeof HERO_FORMATS)[number], (w: number) => number> = {
  avif: (w) => (w <= 1024 ? 52 : 46),
  webp: (w) => (w <= 1024 ? 74 : 68),
};

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const heroDir = join(root, 'public', 'hero');

function writeIfChanged(file: string, data: Buffer | string): boolean {
  const buf = typeof data === 'string' ? Buffer.from(data) : data;
  if (existsSync(file) && readFileSync(file).equals(buf)) return false;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, buf);
  return true;
}

const heightFor = (w: number): number => Math.round((w * 9) / 16);

async function main(): Promise<void> {
  const sheetArg = process.argv.indexOf('--contact-sheet');
  const sheetPath = sheetArg > 0 ? process.argv[sheetArg + 1] : undefined;
  // --sheet-only skips encoding: for iterating on the look.
  const sheetOnly = process.argv.includes('--sheet-only');
  const manifest = {
    generatedBy: 'scripts/generate-hero-images.ts',
    aspectRatio: '16:9',
    images: [] as Array<{ id: string; style: DesignStyle; room: RoomKind; alt: string; files: Array<{ src: string; format: string; width: number; height: number; bytes: number }> }>,
  };
  const thumbs: Buffer[] = [];
  let changed = 0;
  for (const [i, scene] of HERO_SCENES.entries()) {
    const id = `hero-${String(i + 1).padStart(2, '0')}`;
    const files: (typeof manifest.images)[number]['files'] = [];
    if (sheetPath) thumbs.push(await renderSvg(roomScene({ ...scene, width: 800, height: 450 }), { format: 'png', width: 800 }));
    if (sheetOnly) continue;
    // Sequential on purpose: libvips already uses every core for one encode.
    for (const w of HERO_WIDTHS) {
      // Each width gets its own SVG so hairlines are drawn at the final pixel size.
      const svg = roomScene({ seed: scene.seed, style: scene.style, room: scene.room, width: w, height: heightFor(w) });
      const bufs = await renderSvgFormats(svg, w, HERO_FORMATS.map((format) => ({ format, quality: QUALITY[format](w) })));
      for (const [k, format] of HERO_FORMATS.entries()) {
        const buf = bufs[k];
        if (!buf) throw new Error('missing encode');
        const name = `${id}-${w}.${format}`;
        if (writeIfChanged(join(heroDir, name), buf)) changed++;
        files.push({ src: `/hero/${name}`, format, width: w, height: heightFor(w), bytes: buf.length });
      }
    }
    manifest.images.push({ id, style: scene.style, room: scene.room, alt: scene.alt, files });
    console.log(`${id} ${scene.style} ${scene.room}: ${files.map((f) => `${f.width}.${f.format}=${(f.bytes / 1024).toFixed(1)}K`).join(' ')}`);
  }
  if (sheetOnly) {
    await writeSheet(sheetPath, thumbs);
    return;
  }
  if (writeIfChanged(join(heroDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)) changed++;

  // Social preview: the first hero scene recomposed at 1200×630.
  const first = HERO_SCENES[0];
  if (first) {
    const og = await renderSvg(roomScene({ seed: first.seed, style: first.style, room: first.room, width: 1200, height: 630 }), { format: 'jpeg', width: 1200, quality: 82 });
    if (writeIfChanged(join(root, 'public', 'og-image.jpg'), og)) changed++;
  }

  await writeSheet(sheetPath, thumbs);
  console.log(`${changed} file(s) written`);
}

/** A PNG grid of all scenes, for reviewing the set by eye. */
async function writeSheet(sheetPath: string | undefined, thumbs: Buffer[]): Promise<void> {
  if (!sheetPath || thumbs.length === 0) return;
  const cols = 2;
  const composites = thumbs.map((input, i) => ({ input, left: (i % cols) * 810, top: Math.floor(i / cols) * 460 }));
  await sharp({ create: { width: cols * 810, height: Math.ceil(thumbs.length / cols) * 460, channels: 3, background: '#222222' } })
    .composite(composites)
    .png()
    .toFile(sheetPath);
  console.log(`contact sheet: ${sheetPath}`);
}

await main();
