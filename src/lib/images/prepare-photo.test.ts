import { afterEach, describe, expect, it, vi } from 'vitest';
import { preparePhoto } from '@/lib/images/prepare-photo';
import { browserImages } from '@/testing/browser-images';

const photo = (name: string, type: string, bytes = 5000) => new File([new Uint8Array(bytes)], name, { type });

afterEach(() => vi.unstubAllGlobals());

describe('preparePhoto', () => {
  it('sizes a large photo to 1600 px on its long side and re-encodes it as WebP', async () => {
    const drawn = browserImages({ size: [4032, 3024] });
    const out = await preparePhoto(photo('Lamp.front.JPG', 'image/jpeg'));
    expect(drawn).toEqual([{ width: 1600, height: 1200, quality: 0.85 }]);
    expect(out.type).toBe('image/webp');
    expect(out.name).toBe('Lamp.front.webp');
    expect(out.size).toBe(1000);
  });

  it('keeps a small photo as it is when WebP would not make it smaller', async () => {
    browserImages({ size: [800, 600], bytes: 6000 });
    const original = photo('lamp.png', 'image/png', 5000);
    expect(await preparePhoto(original)).toBe(original);
  });

  it('re-encodes a small photo when that saves bytes', async () => {
    const drawn = browserImages({ size: [800, 600], bytes: 2000 });
    const out = await preparePhoto(photo('lamp.png', 'image/png', 5000));
    expect(drawn).toEqual([{ width: 800, height: 600, quality: 0.85 }]);
    expect(out.type).toBe('image/webp');
  });

  it('keeps the original for a GIF, without a WebP encoder, or when the image cannot be decoded', async () => {
    browserImages({ size: [4000, 3000] });
    const gif = photo('spin.gif', 'image/gif');
    expect(await preparePhoto(gif)).toBe(gif);

    browserImages({ size: [4000, 3000], encodes: 'image/png' });
    const jpeg = photo('lamp.jpg', 'image/jpeg');
    expect(await preparePhoto(jpeg)).toBe(jpeg);

    browserImages({ size: [4000, 3000], fails: true });
    expect(await preparePhoto(jpeg)).toBe(jpeg);
  });

  it('keeps the original where the browser has no OffscreenCanvas', async () => {
    vi.stubGlobal('OffscreenCanvas', undefined);
    const jpeg = photo('lamp.jpg', 'image/jpeg');
    expect(await preparePhoto(jpeg)).toBe(jpeg);
  });
});
