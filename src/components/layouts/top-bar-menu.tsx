import type { ReactNode } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

type Props = {
  /** The button that opens the menu. */
  trigger: ReactNode;
  /** The menu's title, above its first separator. */
  label: ReactNode;
  contentClassName?: string;
  children: ReactNode;
};

/** A menu of the top bar (the account menu, the notification bell): titled, opening at the end of its button. */
export function TopBarMenu({ trigger, label, contentClassName, children }: Props) {
  return (
    // Non-modal: a modal menu aria-hides the rest of the page while links there stay focusable
    // (axe aria-hidden-focus); arrow keys, Escape and focus return work the same either way.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className={contentClassName}>
        <DropdownMenuLabel>{label}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {children}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
