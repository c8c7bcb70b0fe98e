import { CATALOG_CATEGORIES, categoryLabel } from '@/features/good-stuff/utils/piece-fields';

/** A category select's options: the first says what no choice means ('All categories', 'Select a category'). */
export function CategoryOptions({ none }: { none: string }) {
  return (
    <>
      <option value="">{none}</option>
      {CATALOG_CATEGORIES.map((c) => (
        <option key={c} value={c}>
          {categoryLabel(c)}
        </option>
      ))}
    </>
  );
}
