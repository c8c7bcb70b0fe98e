import { useNavigateTo } from '@/components/navigation/use-navigation';
import { paths } from '@/config/paths';
import { CustomerSignupForm } from '@/features/landing/components/customer-signup-form';
import { DesignerSignupForm } from '@/features/landing/components/designer-signup-form';
import { savePendingProfile } from '@/lib/pending-profile';

/**
 * The two landing forms with their submit behaviour (docs/product.md, Accounts: the landing forms): the form is kept in the
 * browser and sign-up sends it along. Loaded after the first paint: forms and validation are not needed for it.
 */
export function CustomerSignup() {
  const navigate = useNavigateTo();
  return (
    <CustomerSignupForm
      onSubmit={(profile) => {
        savePendingProfile('customer', profile);
        navigate(paths.auth.getHref({ role: 'customer' }));
      }}
    />
  );
}

export function DesignerSignup() {
  const navigate = useNavigateTo();
  return (
    <DesignerSignupForm
      onSubmit={(profile) => {
        savePendingProfile('designer', profile);
        navigate(paths.auth.getHref({ role: 'designer' }));
      }}
    />
  );
}
