import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadPhotos } from '@/features/projects/api/upload-photos';
import { browserImages } from '@/testing/browser-images';
import { recordRequests, server, storageUrl } from '@/testing/supabase-http';
import { storageError, storageUploaded } from '@/testing/supabase-storage';

const jpeg = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0])], name, { type: 'image/jpeg' });

afterEach(() => vi.unstubAllGlobals());

describe('uploadPhotos (docs/product.md, Projects: before and after photos)', () => {
  it('checks each photo as picked, then uploads it sized and as WebP', async () => {
    const drawn = browserImages({ size: [3024, 4032] });
    const sent = recordRequests();
    server.use(http.post(storageUrl('object/project-photos/*'), ({ request }) => storageUploaded(request)));
    const problems: string[] = [];
    const uploaded = await uploadPhotos(
      'p1',
      'before',
      [jpeg('sofa.jpg'), new File(['%PDF-1.7'], 'plan.jpg', { type: 'image/jpeg' })],
      {
        onProgress: () => {},
        onFileProblem: (message) => problems.push(message),
      },
    );
    expect(uploaded).toBe(1);
    // The renamed PDF is refused by its bytes before anything is decoded or sent.
    expect(problems).toEqual(['plan.jpg: Invalid image file format']);
    expect(drawn).toEqual([{ width: 1200, height: 1600, quality: 0.85 }]);
    const uploads = (await sent.all()).filter((r) => r.method === 'POST');
    expect(uploads.map((r) => r.url.pathname)).toEqual([
      expect.stringMatching(/^\/storage\/v1\/object\/project-photos\/p1\/before-\d+_0\.webp$/),
    ]);
  });

  it('names the photo the user picked when its upload fails', async () => {
    browserImages({ size: [800, 600], bytes: 10 });
    server.use(
      http.post(storageUrl('object/project-photos/*'), () =>
        storageError('500', 'InternalError', 'internal', 'Internal Server Error'),
      ),
    );
    const problems: string[] = [];
    const uploaded = await uploadPhotos('p1', 'after', [jpeg('lamp.jpg')], {
      onProgress: () => {},
      onFileProblem: (message) => problems.push(message),
    });
    expect(uploaded).toBe(0);
    expect(problems).toEqual(['lamp.jpg: Upload failed']);
  });
});
