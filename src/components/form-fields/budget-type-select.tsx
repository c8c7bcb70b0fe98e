import type { ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/native-select';

/** A project's budget type (docs/product.md, Projects): flexible, or a hard cap the items may not pass. */
export function BudgetTypeSelect(props: ComponentProps<typeof NativeSelect>) {
  return (
    <NativeSelect {...props}>
      <option value="soft">Flexible</option>
      <option value="hard">Hard Cap</option>
    </NativeSelect>
  );
}
