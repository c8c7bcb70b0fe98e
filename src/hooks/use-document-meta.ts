import { useEffect } from 'react';

export type DocumentMeta = { title: string; description: string; image: string | null; url: string };

/** The head's sharing tags a page may set, and where each is found (index.html has one of each). */
const TAGS: [attribute: 'property' | 'name', name: string, of: (m: DocumentMeta) => string | null][] = [
  ['property', 'og:title', (m) => m.title],
  ['property', 'og:description', (m) => m.description],
  ['property', 'og:image', (m) => m.image],
  ['property', 'og:url', (m) => m.url],
  ['property', 'og:type', () => 'product'],
  ['name', 'twitter:title', (m) => m.title],
  ['name', 'twitter:description', (m) => m.description],
  ['name', 'twitter:image', (m) => m.image],
  ['name', 'description', (m) => m.description],
];

/**
 * Sets the page's Open Graph and Twitter tags (and the description) while the page shows, and puts the site's back
 * when it goes. The tags of index.html are changed in place rather than added (two og:title tags would leave a
 * reader to pick one). Only readers that run the app's JavaScript see these; others see index.html's.
 */
export function useDocumentMeta(meta: DocumentMeta | null) {
  // The values, not the object: a new object with the same values changes nothing.
  const key = meta ? JSON.stringify(meta) : null;
  useEffect(() => {
    if (key === null) return;
    const values = JSON.parse(key) as DocumentMeta;
    const restore: (() => void)[] = [];
    for (const [attribute, name, of] of TAGS) {
      const value = of(values);
      if (value === null) continue;
      let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${name}"]`);
      if (tag) {
        const before = tag.content;
        const existing = tag;
        restore.push(() => existing.setAttribute('content', before));
      } else {
        tag = document.createElement('meta');
        tag.setAttribute(attribute, name);
        document.head.append(tag);
        const added = tag;
        restore.push(() => added.remove());
      }
      tag.setAttribute('content', value);
    }
    return () => {
      for (const undo of restore.reverse()) undo();
    };
  }, [key]);
}
