/**
 * What Stripe still needs from a seller before it pays out, in plain words: its `requirements.currently_due` field
 * names (`external_account`, `individual.dob.day`…) grouped as a person would say them. Anything not named here is
 * "other details" (the onboarding page itself asks for it precisely).
 */
const WORDS: readonly [RegExp, string][] = [
  [/^external_account$/, 'bank account'],
  [/^individual\.dob\./, 'date of birth'],
  [/^individual\.(first_name|last_name)$/, 'legal name'],
  [/^individual\.address\./, 'home address'],
  [/^individual\.(ssn_last_4|id_number)$/, 'taxpayer ID'],
  [/^individual\.email$/, 'e-mail address'],
  [/^individual\.phone$/, 'phone number'],
  [/^individual\.verification\./, 'identity document'],
  [/^business_type$/, 'business type'],
  [/^business_profile\./, 'business details'],
  [/^tos_acceptance\./, 'agreement to Stripe’s terms'],
];

export function requirementWords(due: readonly string[]): string[] {
  const words: string[] = [];
  for (const field of due) {
    const word = WORDS.find(([pattern]) => pattern.test(field))?.[1] ?? 'other details';
    if (!words.includes(word)) words.push(word);
  }
  // "other details" reads best last.
  return [...words.filter((w) => w !== 'other details'), ...words.filter((w) => w === 'other details')];
}

/** "bank account", "bank account and date of birth", "bank account, date of birth and other details". */
export function listInWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
