import { Link } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useUserRole } from '@/features/account/api/get-user-role';
import { useAuth } from '@/features/account/hooks/use-auth';
import { DesignersOnlyNotice } from '@/features/good-stuff/components/designers-only-notice';
import { MyPiecesList } from '@/features/good-stuff/components/my-pieces-list';
import { PieceConversations } from '@/features/messages/components/piece-conversations';
import { SellerOffers } from '@/features/good-stuff/components/seller-offers';

/** My listings, /good-stuff/mine (docs/product.md, Good Stuff): a designer's own pieces of every status. */
export function Component() {
  const auth = useAuth();
  const userId = auth.user?.id;
  const role = useUserRole(userId);
  return (
    <Page
      title="My listings"
      description="Your pieces on Good Stuff, listed, sold or delisted."
      actions={
        <Button asChild>
          <Link to={paths.listPiece.getHref()}>List Vintage Item</Link>
        </Button>
      }
    >
      {userId ? (
        <QueryState query={role} loading="Loading your account…" failed="Failed to load your account type">
          {(accountRole) =>
            accountRole === 'designer' ? (
              <MyPiecesList
                sellerId={userId}
                // Place: the offers on each listing (src/features/good-stuff), and the buyers' questions.
                pieceExtra={(listing) =>
                  listing.status === 'available' ? (
                    <div className="grid gap-4 pt-3 md:grid-cols-2">
                      <SellerOffers
                        itemId={listing.id}
                        title={listing.title}
                        price={listing.price}
                        headingLevel={3}
                        live={false}
                      />
                      <PieceConversations
                        itemId={listing.id}
                        title={listing.title}
                        headingLevel={3}
                        viewerId={userId}
                        live={false}
                        conversationHref={(conversationId) =>
                          paths.pieceConversation.getHref(listing.id, conversationId)
                        }
                      />
                    </div>
                  ) : null
                }
              />
            ) : (
              <DesignersOnlyNotice role={accountRole} />
            )
          }
        </QueryState>
      ) : null}
    </Page>
  );
}
