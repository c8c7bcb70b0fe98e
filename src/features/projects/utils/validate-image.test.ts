import { describe, expect, it } from 'vitest';
import { hasImageSignature, MAX_PHOTO_BYTES, validateImageFile } from '@/features/projects/utils/validate-image';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0];
const GIF = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0, 0, 0, 0, 0];
const WEBP = [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50];

const file = (bytes: number[], name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

describe('photo checks', () => {
  it('recognises the four image signatures and nothing else', () => {
    for (const bytes of [PNG, JPEG, GIF, WEBP]) expect(hasImageSignature(new Uint8Array(bytes))).toBe(true);
    expect(hasImageSignature(new TextEncoder().encode('hello world!'))).toBe(false);
    // RIFF without WEBP (a WAV file) is not an image.
    expect(hasImageSignature(new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x41, 0x56, 0x45]))).toBe(false);
  });

  it('accepts a real image', async () => {
    await expect(validateImageFile(file(PNG, 'room.png', 'image/png'))).resolves.toBeNull();
    await expect(validateImageFile(file(WEBP, 'room.webp', 'image/webp'))).resolves.toBeNull();
  });

  it('refuses a renamed non-image file by its bytes', async () => {
    const fake = new File(['just some text, not a picture'], 'notes.png', { type: 'image/png' });
    await expect(validateImageFile(fake)).resolves.toBe('notes.png: Invalid image file format');
  });

  it('refuses other types and files over 5 MB', async () => {
    await expect(validateImageFile(file(PNG, 'scan.pdf', 'application/pdf'))).resolves.toBe(
      'scan.pdf: Only JPEG, PNG, GIF, and WebP images are allowed',
    );
    await expect(validateImageFile(file(JPEG, 'room.bmp', 'image/bmp'))).resolves.toBe(
      'room.bmp: Only JPEG, PNG, GIF, and WebP images are allowed',
    );
    const big = new File([new Uint8Array(JPEG), new Uint8Array(MAX_PHOTO_BYTES)], 'big.jpg', { type: 'image/jpeg' });
    await expect(validateImageFile(big)).resolves.toBe('big.jpg: File size must be less than 5MB');
    const exactly = new File([new Uint8Array(MAX_PHOTO_BYTES)], 'edge.jpg', { type: 'image/jpeg' });
    // Exactly 5 MB passes the size rule (the bucket's limit is 5 MB inclusive) and fails on its bytes.
    await expect(validateImageFile(exactly)).resolves.toBe('edge.jpg: Invalid image file format');
  });
});
