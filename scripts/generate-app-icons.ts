/**
 * Generates the installable app's icons (docs/installable-app.md) from public/favicon.svg, the Good Space mark:
 * - icon-192.png, icon-512.png: the mark as it is (its own rounded tile), purpose "any";
 * - icon-maskable-512.png: the mark on a full-bleed tile of its background colour, scaled so its farthest corner
 *   stays inside the maskable safe zone (a centred circle of 40 % of the size), which no launcher mask cuts;
 * - apple-touch-icon.png (180): iOS ignores the manifest's icons and rounds the corners itself, so a full tile.
 * Idempotent: files whose bytes are unchanged are not rewritten.
 *
 *   npx tsx scripts/generate-app-icons.ts
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../public', import.meta.url));
/** The tile colour of public/favicon.svg (its first rect). */
export const ICON_BACKGROUND = '#f3e6d3';

/** The mark's drawing without its rounded tile, for a full-bleed tile of our own. */
function markWithoutTile(svg: string): string {
  return svg.replace(/<rect width="64" height="64" rx="14"[^>]*\/>/, '');
}

async function png(svg: string, size: number): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** The mark scaled to `share` of a full tile of the background colour. */
function fullTile(svg: string, share: number): string {
  const inner = markWithoutTile(svg).replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const offset = (64 * (1 - share)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${ICON_BACKGROUND}"/><g transform="translate(${offset} ${offset}) scale(${share})">${inner}</g></svg>`;
}

function write(name: string, bytes: Buffer): void {
  const path = join(publicDir, 'icons', name);
  if (existsSync(path) && readFileSync(path).equals(bytes)) return;
  writeFileSync(path, bytes);
  console.log(`wrote public/icons/${name}`);
}

const favicon = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
if (markWithoutTile(favicon) === favicon) throw new Error('public/favicon.svg: its tile (the first rect) was not found');
write('icon-192.png', await png(favicon, 192));
write('icon-512.png', await png(favicon, 512));
write('icon-maskable-512.png', await png(fullTile(favicon, 0.85), 512));
write('apple-touch-icon.png', await png(fullTile(favicon, 0.86), 180));
