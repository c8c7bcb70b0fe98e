import { Search } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { budgetSummary } from '@/features/projects/utils/budget';

/**
 * Find pieces for this project (docs/find-it-first.md): Good Stuff within 25 miles of the project's place, up to
 * what is left of its budget, for the project (`?project=`), where Save this search ties the search to it. With
 * nothing left, no price limit (a soft budget may still be passed).
 */
export function FindPiecesLink({
  projectId,
  budget,
  itemsTotal,
}: {
  projectId: string;
  budget: number;
  itemsTotal: number;
}) {
  // Whole dollars, as the budget is kept; the database's tied search follows the exact remainder.
  const remaining = Math.floor(budgetSummary(budget, Number(itemsTotal)).remaining);
  const search = new URLSearchParams();
  if (remaining > 0) search.set('max', String(remaining));
  search.set('within', '25');
  search.set('project', projectId);
  return (
    <div className="flex justify-end">
      <Button asChild variant="outline">
        <Link to={paths.goodStuff.getHref(search)}>
          <Search aria-hidden="true" />
          Find pieces for this project
        </Link>
      </Button>
    </div>
  );
}
