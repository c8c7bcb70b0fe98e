import assert from 'node:assert/strict';
import { accountFolders, inBatches, LIST_PAGE, readPage, REMOVE_BATCH } from './account-files.ts';

// The pure parts of deleting an account's files: which folders, how a listing page is read, how removals are
// batched. The listing and removal themselves run against the real Storage in tests/database/delete-account.test.ts.

const USER = '8a4b6c1e-0000-4000-8000-000000000001';
const P1 = '1f0c8e2a-0000-4000-8000-0000000000a1';
const P2 = '1f0c8e2a-0000-4000-8000-0000000000a2';

Deno.test('folders: portfolio and Good Stuff under the user id, photos and milestone photos under each project they own', () => {
  assert.deepEqual(accountFolders(USER, [P1, P2]), [
    { bucket: 'designer-portfolio', folder: USER },
    { bucket: 'catalog-images', folder: USER },
    { bucket: 'verification-documents', folder: USER },
    { bucket: 'project-photos', folder: P1 },
    { bucket: 'project-photos', folder: P2 },
    { bucket: 'milestone-photos', folder: P1 },
    { bucket: 'milestone-photos', folder: P2 },
  ]);
  assert.deepEqual(
    accountFolders(USER, []).map((f) => f.bucket),
    ['designer-portfolio', 'catalog-images', 'verification-documents'],
  );
});

Deno.test('a page: files get their full path, folders (id null) are descended into', () => {
  const page = readPage(
    P1,
    [
      { name: 'after-1.png', id: 'f1' },
      { name: 'old', id: null },
      { name: 'before-1.png', id: 'f2' },
    ],
    LIST_PAGE,
  );
  assert.deepEqual(page, { files: [`${P1}/after-1.png`, `${P1}/before-1.png`], folders: [`${P1}/old`], more: false });
});

Deno.test('a full page may be followed by another; a short or empty one is the last', () => {
  const full = Array.from({ length: LIST_PAGE }, (_, i) => ({ name: `p-${i}.png`, id: `id-${i}` }));
  assert.equal(LIST_PAGE, 100, 'the page size Storage uses by default');
  assert.equal(readPage(USER, full, LIST_PAGE).more, true);
  assert.equal(readPage(USER, full.slice(1), LIST_PAGE).more, false);
  assert.equal(readPage(USER, [], LIST_PAGE).more, false);
});

Deno.test('removals go in batches Storage accepts (at most 1,000 paths each)', () => {
  const paths = Array.from({ length: 2_345 }, (_, i) => `${USER}/${i}.png`);
  const batches = inBatches(paths, REMOVE_BATCH);
  assert.deepEqual(
    batches.map((b) => b.length),
    [1000, 1000, 345],
  );
  assert.deepEqual(batches.flat(), paths);
  assert.deepEqual(inBatches([], REMOVE_BATCH), []);
});
