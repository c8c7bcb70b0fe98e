import { ChevronDown, LogOut } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { NavItem } from '@/components/layouts/top-bar';
import { Button } from '@/components/ui/button';
import { TopBarMenu } from '@/components/layouts/top-bar-menu';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';

/** The signed-in user's menu in the top bar (desktop), titled with their e-mail. */
export function AccountMenu({ email, menu, onLogout }: { email: string; menu: NavItem[]; onLogout: () => void }) {
  return (
    <TopBarMenu
      label={email}
      trigger={
        <Button variant="outline" className="max-w-64">
          <span className="truncate">{email}</span>
          <ChevronDown aria-hidden="true" className="size-4" />
        </Button>
      }
    >
      {menu.map((item) => (
        <DropdownMenuItem key={item.href} asChild>
          <Link to={item.href}>{item.label}</Link>
        </DropdownMenuItem>
      ))}
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={onLogout}>
        <LogOut aria-hidden="true" />
        Logout
      </DropdownMenuItem>
    </TopBarMenu>
  );
}
