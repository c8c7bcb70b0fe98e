import { useState } from 'react';
import { toast } from 'sonner';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import {
  SWITCH_SUCCESS,
  UnknownAccountTypeError,
  useSwitchAccountType,
} from '@/features/account/api/switch-account-type';
import type { Role } from '@/types/role';

const LABEL: Record<Role, string> = { customer: 'Client', designer: 'Designer' };

type AccountTypeCardProps = {
  userId: string;
  /** Null when the role could not be read (the switch then refuses with the specified message). */
  currentRole: Role | null;
  roleLoading?: boolean;
  onSwitched: (role: Role) => void;
};

/** The account type switch (docs/product.md, Accounts): customer ↔ designer, confirmed first because memberships are per type. */
export function AccountTypeCard({ userId, currentRole: role, roleLoading, onSwitched }: AccountTypeCardProps) {
  const [confirming, setConfirming] = useState(false);
  const mutation = useSwitchAccountType({
    userId,
    onSwitched,
    onSuccess: (next) => toast.success(SWITCH_SUCCESS[next]),
    onError: (error) => {
      if (error instanceof UnknownAccountTypeError) {
        toast.error('Could not determine your current account type');
        return;
      }
      console.error('Error changing account type', error);
      toast.error('Failed to change account type');
    },
  });
  const target: Role | null = role ? (role === 'customer' ? 'designer' : 'customer') : null;
  const busy = mutation.isPending || mutation.isSuccess;

  return (
    <Card role="region" aria-labelledby="account-type-title">
      <CardHeader>
        <CardTitle id="account-type-title">Account type</CardTitle>
        <CardDescription>
          {role ? (
            <>
              You use Good Space as a <strong>{LABEL[role]}</strong>.
            </>
          ) : roleLoading ? (
            'Loading your account type…'
          ) : (
            'Your account type is not known.'
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        Switching gives you the other dashboard and an empty profile to fill in. Memberships belong to an account type:
        a Client membership does not cover designer features, and the reverse.
      </CardContent>
      <CardFooter>
        <Button
          variant="outline"
          disabled={busy || roleLoading}
          onClick={() => (role ? setConfirming(true) : mutation.mutate({ currentRole: null }))}
        >
          Change Account Type
        </Button>
      </CardFooter>
      <FormDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Change to ${target ? LABEL[target] : ''}?`}
        description={`You will be taken to the ${target ? LABEL[target] : ''} dashboard. You can switch back at any time.`}
        onSubmit={(event) => {
          event.preventDefault();
          setConfirming(false);
          mutation.mutate({ currentRole: role });
        }}
        pending={busy}
        cancelLabel={`Keep ${role ? LABEL[role] : ''}`}
        submitLabel={`Change to ${target ? LABEL[target] : ''}`}
        pendingLabel={`Change to ${target ? LABEL[target] : ''}`}
      />
    </Card>
  );
}
