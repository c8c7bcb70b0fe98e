import { useOrigin, type OriginState } from '@/hooks/use-origin';

export const LOCATION_DENIED_MESSAGE = 'Location access denied. Showing all designers.';

/**
 * Where the customer is, for the designer directory: the place their profile names (its coordinates, kept by the
 * database), else the device's position (asked once), else nowhere: then every designer is listed.
 */
export function useCustomerOrigin(userId: string | null | undefined): OriginState {
  return useOrigin(userId, 'customer', { deviceDeniedMessage: LOCATION_DENIED_MESSAGE });
}
