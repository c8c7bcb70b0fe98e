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
      <ConsentCheckbox
        id={`${id}-show`}
        checked={value.showInPortfolio}
        onChange={(checked) => onChange({ showInPortfolio: checked, showCosts: checked ? value.showCosts : false })}
        label="Show this project in my designer's portfolio"
        hint="Signed-in members will see its title, description, city, space, style, completion date and before/after photos. Never your name, your address or the items."
      />
      <ConsentCheckbox
        id={`${id}-costs`}
        checked={value.showCosts}
        disabled={!value.showInPortfolio}
        onChange={(checked) => onChange({ ...value, showCosts: checked })}
        label="Also show what it cost"
        hint="The total spent against your budget, such as “$2,310 of a $2,500 hard cap, 92%”. Item names and prices stay private."
      />
    </fieldset>
  );
}

type ConsentCheckboxProps = {
  id: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  /** What saying yes shows, in words. */
  hint: string;
};

function ConsentCheckbox({ id, checked, disabled, onChange, label, hint }: ConsentCheckboxProps) {
  return (
    <div className="flex gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-primary"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div className="space-y-1">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}
