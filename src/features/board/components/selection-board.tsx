import { Plus } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { toast } from 'sonner';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useApproveBoardItem } from '@/features/board/api/approve-board-item';
import { useAskBoardAlternative } from '@/features/board/api/ask-board-alternative';
import { useDeclineBoardItem } from '@/features/board/api/decline-board-item';
import { useBoardProposals } from '@/features/board/api/get-board-proposals';
import { useProposeBoardItem } from '@/features/board/api/propose-board-item';
import { useWithdrawBoardItem } from '@/features/board/api/withdraw-board-item';
import { BoardFilters } from '@/features/board/components/board-filters';
import { ProposalCard, type ProposalAction } from '@/features/board/components/proposal-card';
import { useBoardRealtime } from '@/features/board/hooks/use-board-realtime';
import { approvalPreview, type BudgetFigures } from '@/features/board/utils/approval-preview';
import {
  BOARD_PHOTOS_BUCKET,
  isBoardStatus,
  type BoardProposal,
  type BoardStatus,
} from '@/features/board/utils/board-proposal';
import { useSearchPatch } from '@/hooks/use-search-patch';
import { usePrivatePhotos } from '@/lib/private-photos';
import { refusalMessage } from '@/lib/refusal-message';

// Not part of the page's first paint: the dialogs' code loads when one first opens.
const ProposeDialog = lazy(() =>
  import('@/features/board/components/propose-dialog').then((m) => ({ default: m.ProposeDialog })),
);
const dialogs = () => import('@/features/board/components/decision-dialogs');
const ApproveDialog = lazy(() => dialogs().then((m) => ({ default: m.ApproveDialog })));
const DeclineDialog = lazy(() => dialogs().then((m) => ({ default: m.DeclineDialog })));
const AlternativeDialog = lazy(() => dialogs().then((m) => ({ default: m.AlternativeDialog })));
const WithdrawDialog = lazy(() => dialogs().then((m) => ({ default: m.WithdrawDialog })));

/** The filters live in the URL (`?room=…&status=…`), so a filtered board can be shared, reloaded and gone back to. */
export const ROOM_PARAM = 'room';
export const STATUS_PARAM = 'status';

type SelectionBoardProps = {
  projectId: string;
  userId: string;
  viewer: 'customer' | 'designer';
  /** The project is active: proposals and decisions can be made (the database agrees). */
  open: boolean;
  /** The budget and the project's items total (the database's, kept fresh by the page), for approval sentences. */
  budget: BudgetFigures;
};

type Opened = { action: ProposalAction | 'propose'; proposal: BoardProposal | null } | null;

/**
 * The selection board (docs/product.md, Selection board), section `#board` of the project page: the designer's
 * proposals with their statuses, filtered by room and status; the designer proposes and withdraws, the customer
 * approves (seeing first what it does to the budget), declines with a reason or asks for an alternative. Live for
 * both parties; an approval refreshes the project's items and budget tracker.
 */
export function SelectionBoard({ projectId, userId, viewer, open, budget }: SelectionBoardProps) {
  const query = useBoardProposals(projectId);
  useBoardRealtime(projectId, { enabled: query.isSuccess });
  const [params, patchSearch] = useSearchPatch();
  const location = useLocation();
  const room = params.get(ROOM_PARAM) || null;
  const rawStatus = params.get(STATUS_PARAM);
  const status = isBoardStatus(rawStatus) ? rawStatus : null;
  const [opened, setOpened] = useState<Opened>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  // A notification's link (/project/<id>#board) lands here once the board is on the page.
  const loaded = query.isSuccess;
  useEffect(() => {
    if (loaded && location.hash === '#board') document.getElementById('board')?.scrollIntoView?.();
  }, [loaded, location.hash]);

  const proposals = query.data ?? [];
  const findPaths = proposals.flatMap((p) => (p.kind === 'find' && p.photo ? [p.photo] : []));
  const signed = usePrivatePhotos(BOARD_PHOTOS_BUCKET, findPaths);
  const photoUrl = (p: BoardProposal) => {
    if (!p.photo) return null;
    if (p.kind === 'piece') return p.photo;
    return signed.data?.find((s) => s.path === p.photo)?.url ?? (signed.isPending ? undefined : null);
  };
  const rooms = [...new Set(proposals.map((p) => p.room))].sort((a, b) => a.localeCompare(b));

  const setFilters = (next: { room?: string | null; status?: BoardStatus | null }) =>
    patchSearch({
      ...(next.room !== undefined && { [ROOM_PARAM]: next.room }),
      ...(next.status !== undefined && { [STATUS_PARAM]: next.status }),
    });

  const close = () => {
    setOpened(null);
    setRefusal(null);
  };
  const done = (message: string) => () => {
    toast.success(message);
    close();
  };
  const refused = (fallback: string) => (error: Error) => setRefusal(refusalMessage(error, fallback));
  const propose = useProposeBoardItem(projectId, {
    onSuccess: done('Proposed. Your client is told.'),
    onError: refused('Failed to propose. Please try again.'),
  });
  const approve = useApproveBoardItem(projectId, {
    onSuccess: (proposal) => done(`Approved: ${proposal.title} joins the project’s items`)(),
    onError: refused('Failed to approve. Please try again.'),
  });
  const decline = useDeclineBoardItem(projectId, {
    onSuccess: done('Declined. Your designer is told why.'),
    onError: refused('Failed to decline. Please try again.'),
  });
  const alternative = useAskBoardAlternative(projectId, {
    onSuccess: done('Your designer is asked for an alternative'),
    onError: refused('Failed to ask. Please try again.'),
  });
  const withdraw = useWithdrawBoardItem(projectId, {
    onSuccess: done('Proposal withdrawn'),
    onError: refused('Failed to withdraw. Please try again.'),
  });

  const onOpenChange = (next: boolean) => {
    if (!next) close();
  };
  const dialog = () => {
    if (!opened) return null;
    const proposal = opened.proposal;
    const base = { open: true, onOpenChange, refusal };
    if (opened.action === 'propose') {
      return (
        <ProposeDialog
          {...base}
          projectId={projectId}
          rooms={rooms}
          pending={propose.isPending}
          onSubmit={(input) => {
            setRefusal(null);
            propose.mutate(input);
          }}
        />
      );
    }
    if (!proposal) return null;
    switch (opened.action) {
      case 'approve':
        return (
          <ApproveDialog
            {...base}
            proposal={proposal}
            preview={approvalPreview(proposal.price, budget)}
            pending={approve.isPending}
            onConfirm={() => approve.mutate(proposal.id)}
          />
        );
      case 'decline':
        return (
          <DeclineDialog
            {...base}
            proposal={proposal}
            pending={decline.isPending}
            onConfirm={(reason) => decline.mutate({ proposalId: proposal.id, reason })}
          />
        );
      case 'alternative':
        return (
          <AlternativeDialog
            {...base}
            proposal={proposal}
            pending={alternative.isPending}
            onConfirm={(note) => alternative.mutate({ proposalId: proposal.id, note })}
          />
        );
      case 'withdraw':
        return (
          <WithdrawDialog
            {...base}
            proposal={proposal}
            pending={withdraw.isPending}
            onConfirm={() => withdraw.mutate(proposal.id)}
          />
        );
    }
  };

  return (
    <Card id="board" role="region" aria-labelledby="board-title" className="scroll-mt-20">
      <CardHeader>
        <CardTitle id="board-title">Selection board</CardTitle>
        <CardDescription>
          {viewer === 'customer'
            ? 'Pieces your designer proposes. Approve one and it joins your items at its price; decline with a reason, or ask for an alternative.'
            : 'Propose Good Stuff pieces and outside finds for your client to approve. Approved, they join the project’s items.'}
        </CardDescription>
        {viewer === 'designer' && open ? (
          <div>
            <Button onClick={() => setOpened({ action: 'propose', proposal: null })}>
              <Plus aria-hidden="true" />
              Propose a piece
            </Button>
          </div>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-4">
        <QueryState query={query} loading="Loading the board…" failed="Failed to load the board" toast={false}>
          {(list) => {
            if (list.length === 0) {
              return (
                <p className="text-sm text-muted-foreground">
                  {viewer === 'customer'
                    ? 'Nothing proposed yet. Your designer’s proposals appear here as they make them.'
                    : 'Nothing proposed yet.'}
                </p>
              );
            }
            const shown = list.filter((p) => (!room || p.room === room) && (!status || p.status === status));
            return (
              <>
                <BoardFilters rooms={rooms} room={room} status={status} onChange={setFilters} />
                <p role="status" className="text-sm text-muted-foreground">
                  {shown.length === list.length
                    ? `${list.length} ${list.length === 1 ? 'proposal' : 'proposals'}`
                    : `Showing ${shown.length} of ${list.length} proposals`}
                </p>
                {shown.length === 0 ? (
                  <p className="text-sm text-muted-foreground">No proposals match these filters.</p>
                ) : (
                  <ul className="grid gap-3 lg:grid-cols-2" aria-label="Proposals">
                    {shown.map((proposal) => (
                      <ProposalCard
                        key={proposal.id}
                        proposal={proposal}
                        userId={userId}
                        viewer={viewer}
                        open={open}
                        budget={budget}
                        photoUrl={photoUrl(proposal)}
                        onAction={(action, p) => {
                          setRefusal(null);
                          setOpened({ action, proposal: p });
                        }}
                      />
                    ))}
                  </ul>
                )}
              </>
            );
          }}
        </QueryState>
        <Suspense fallback={null}>{dialog()}</Suspense>
      </CardContent>
    </Card>
  );
}
