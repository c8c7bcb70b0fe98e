import { LISTING_MESSAGE_COLUMNS, type ListingMessage } from '@/features/listing-messages/api/get-listing-messages';
import { supabase } from '@/lib/supabase';

/** One message as the API shapes it, for a realtime insert (the change feed's row formats times its own way). */
export async function getListingMessage(messageId: string): Promise<ListingMessage | null> {
  const { data, error } = await supabase
    .from('listing_messages')
    .select(LISTING_MESSAGE_COLUMNS)
    .eq('id', messageId)
    .maybeSingle();
  if (error) throw error;
  return data;
}
