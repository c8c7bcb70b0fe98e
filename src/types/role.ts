import { Constants, type Enums } from '@/types/database';

/** A user's role (user_roles.role): 'customer' (a "Client" in the app's words) or 'designer'. */
export type Role = Enums<'app_role'>;

/** Every role, as the database's enum lists them. */
export const ROLES = Constants.public.Enums.app_role;
