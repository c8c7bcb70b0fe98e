import {
  SEARCH_EMAILS,
  SEARCH_EMAIL_LABELS,
  type SearchEmail,
} from '@/features/saved-searches/api/saved-search-fields';

const HINTS: Record<SearchEmail, string> = {
  instant: 'A mail for each new match',
  daily: 'One mail a day with the new matches',
  off: 'Only the bell',
};

/** How a saved search's alerts are mailed, as radio buttons (the bell has them whatever is chosen). */
export function SearchEmailChoice({
  name,
  value,
  onChange,
}: {
  /** The radio group's name (unique on the page). */
  name: string;
  value: SearchEmail;
  onChange: (email: SearchEmail) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">E-mail me new matches</legend>
      {SEARCH_EMAILS.map((email) => (
        <div key={email} className="flex items-start gap-2 text-sm">
          <input
            id={`${name}-${email}`}
            type="radio"
            name={name}
            value={email}
            aria-describedby={`${name}-${email}-hint`}
            className="mt-0.5 size-4 accent-primary"
            checked={value === email}
            onChange={() => onChange(email)}
          />
          <div>
            <label htmlFor={`${name}-${email}`} className="font-medium">
              {SEARCH_EMAIL_LABELS[email]}
            </label>
            <p id={`${name}-${email}-hint`} className="text-muted-foreground">
              {HINTS[email]}
            </p>
          </div>
        </div>
      ))}
    </fieldset>
  );
}
