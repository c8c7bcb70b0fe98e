import type { ReactNode } from 'react';

/** One of Saved's two lists, under its heading (the section is named by it). */
export function SavedSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
