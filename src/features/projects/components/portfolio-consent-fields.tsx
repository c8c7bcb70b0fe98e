import { useId } from 'react';
import type { PortfolioConsent } from '@/features/projects/api/update-portfolio-consent';

type Props = {
  value: PortfolioConsent;
  onChange: (value: PortfolioConsent) => void;
  disabled?: boolean;
};

/**
 * The customer's two portfolio choices (docs/decisions/0017), each a plain checkbox with what it shows in words.
 * Costs can be chosen only with the portfolio; unticking the portfolio unticks costs too.
 */
export function PortfolioConsentFields({ value, onChange, disabled = false }: Props) {
  const id = useId();
  return (
    <fieldset className="space-y-4" disabled={disabled}>
      <legend className="mb-3 text-sm font-medium">Your designer&apos;s portfolio</legend>
      <div className="flex gap-3">
        <input
          id={`${id}-show`}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          checked={value.showInPortfolio}
          aria-describedby={`${id}-show-hint`}
          onChange={(event) =>
            onChange({
              showInPortfolio: event.target.checked,
              showCosts: event.target.checked ? value.showCosts : false,
            })
          }
        />
        <div className="space-y-1">
          <label htmlFor={`${id}-show`} className="text-sm font-medium">
            Show this project in my designer&apos;s portfolio
          </label>
          <p id={`${id}-show-hint`} className="text-sm text-muted-foreground">
            Signed-in members will see its title, description, city, space, style, completion date and before/after
            photos. Never your name, your address or the items.
          </p>
        </div>
      </div>
      <div className="flex gap-3">
        <input
          id={`${id}-costs`}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          checked={value.showCosts}
          disabled={!value.showInPortfolio}
          aria-describedby={`${id}-costs-hint`}
          onChange={(event) => onChange({ ...value, showCosts: event.target.checked })}
        />
        <div className="space-y-1">
          <label htmlFor={`${id}-costs`} className="text-sm font-medium">
            Also show what it cost
          </label>
          <p id={`${id}-costs-hint`} className="text-sm text-muted-foreground">
            The total spent against your budget, such as &ldquo;$2,310 of a $2,500 hard cap, 92%&rdquo;. Item names and
            prices stay private.
          </p>
        </div>
      </div>
    </fieldset>
  );
}
