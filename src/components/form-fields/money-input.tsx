import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';

/**
 * An amount in dollars and cents (the database keeps cents: docs/schema.md): a number field with the decimal
 * keyboard, in steps of a cent, at least a cent unless `min` says otherwise.
 */
export function MoneyInput(props: ComponentProps<typeof Input>) {
  return <Input type="number" inputMode="decimal" step="0.01" min="0.01" {...props} />;
}
