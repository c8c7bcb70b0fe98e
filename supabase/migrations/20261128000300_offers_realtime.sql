-- Good Space: offers are live for their two parties (docs/decisions/0026-market.md, "Offers live").
--
-- A counter-offer, an acceptance or a decline shows on the other party's page as it happens instead of at the
-- next read. Realtime applies the offers' select policy to each subscriber, so only the buyer and the seller of an
-- offer hear of it; others learn that a piece is reserved from the piece itself.

alter publication supabase_realtime add table public.offers;
