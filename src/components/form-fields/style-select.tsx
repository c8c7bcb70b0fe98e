import type { ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/native-select';
import { designStyles } from '@/config/design-styles';

type StyleSelectProps = ComponentProps<typeof NativeSelect> & {
  /** The landing forms store the style's id (the pending profile); profiles and projects store its name. */
  valueBy: 'id' | 'name';
  /** The first, empty option. */
  placeholder: string;
};

/** The design style picker (docs/product.md, Styles): an empty first option, then the 15 styles. */
export function StyleSelect({ valueBy, placeholder, ...props }: StyleSelectProps) {
  return (
    <NativeSelect {...props}>
      <option value="">{placeholder}</option>
      {designStyles.map((style) => (
        <option key={style.id} value={style[valueBy]}>
          {style.name}
        </option>
      ))}
    </NativeSelect>
  );
}
