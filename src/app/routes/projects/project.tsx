import { Suspense, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { CompleteProjectDialog, ReviewDialog, SubscribeDialog } from '@/app/routes/projects/project-dialogs';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useUserRole } from '@/features/account/api/get-user-role';
import { useAuth } from '@/features/account/hooks/use-auth';
import { AcceptedBidCard } from '@/features/bids/components/accepted-bid-card';
import { BidsCard } from '@/features/bids/components/bids-card';
import { DesignerBidCard } from '@/features/bids/components/designer-bid-card';
import { ContactEmail } from '@/features/account/components/contact-email';
import { useProjectMilestones } from '@/features/milestones/api/get-project-milestones';
import { MilestonesCard } from '@/features/milestones/components/milestones-card';
import { holdsMoney } from '@/features/milestones/utils/milestone-state';
import { MessagesPanel } from '@/features/messages/components/project-messages-panel';
import { BudgetTracker } from '@/features/projects/components/budget-tracker';
import { ProjectPhotosCard } from '@/features/projects/components/project-photos-card';
import { useProject } from '@/features/projects/api/get-project';
import { useProjectAccess } from '@/features/projects/api/get-project-access';
import { PortfolioConsentCard } from '@/features/projects/components/portfolio-consent-card';
import { ProjectDetailCard } from '@/features/projects/components/project-detail-card';
import { projectAccess, subscribePromptDue } from '@/features/projects/utils/project-access';
import { useSubscription } from '@/features/memberships/hooks/use-subscription';
import { useSubscriptionGate } from '@/features/memberships/hooks/use-subscription-gate';
import { ProjectCounterpart } from '@/features/safety/components/project-counterpart';
import { ReportButton } from '@/features/safety/components/report-button';
import { projectCounterpart } from '@/app/routes/projects/project-counterpart';
import { ProjectBoard } from '@/app/routes/projects/project-board';
import { FindPiecesLink } from '@/app/routes/projects/find-pieces-link';

/**
 * The project page (docs/product.md, Projects), composed from the project, bids, items, photos, messages, reviews
 * and subscription features. Row-level security decides what each person can read; this page only arranges it.
 * Its queries are started by the route's loader (src/app/routes/projects/project-loader.ts) before it renders.
 */
export function Component() {
  const { projectId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const userId = auth.user?.id ?? '';
  const role = useUserRole(userId);
  const project = useProject(projectId);
  const subscription = useSubscription(userId);
  // Place Bid waits for the membership check, then opens the form or asks to subscribe.
  const membership = useSubscriptionGate(userId, role.data ?? 'customer');
  const [reviewOpen, setReviewOpen] = useState(false);
  const [promptDismissed, setPromptDismissed] = useState(false);
  // Mark as Complete asks for the portfolio choices first (docs/decisions/0017), then offers the review.
  const [completeOpen, setCompleteOpen] = useState(false);

  const data = project.data;
  const can = projectAccess({ project: data, userId, role: role.data, rolePending: role.isPending });
  const { denied } = can;
  // The design fee's milestones (docs/milestones.md) show once a bid is accepted; Mark as Complete waits while
  // Good Space holds money of them (the database refuses it too).
  const showMilestones = can.participant && data?.status !== 'pending';
  const milestones = useProjectMilestones(projectId, { enabled: showMilestones });
  const moneyHeld = holdsMoney(milestones.data?.milestones ?? []);
  // RLS hides a project the same way whether it is missing or not this user's: only then ask which, to say
  // 'Project not found' or 'Access denied' (docs/product.md, Projects).
  const empty = project.isSuccess && data === null;
  const access = useProjectAccess(projectId, { enabled: empty });
  const rereadOnce = useRef(false);

  const goBack = () => {
    // Back to where the user came from, or to their dashboard when the page was opened directly.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(role.data ? paths.dashboard.getHref(role.data) : paths.home.getHref(), { replace: true });
  };

  // Reads the latest role and query objects without making them reasons to run again (that would repeat the toast).
  const settle = useEffectEvent(() => {
    if (empty && access.isSuccess) {
      if (access.data === 'allowed' && !rereadOnce.current) {
        // It became visible between the two reads (e.g. a bid was just accepted): read it again.
        rereadOnce.current = true;
        void project.refetch();
        return;
      }
      if (access.data === 'denied') toast.error('Access denied', { id: 'project-access-denied' });
      else toast.error('Project not found', { id: 'project-not-found' });
      goBack();
    } else if (denied) {
      toast.error('Access denied', { id: 'project-access-denied' });
      goBack();
    }
  });
  useEffect(() => settle(), [empty, access.isSuccess, access.data, denied, project.dataUpdatedAt]);

  const loadFailed = project.isError || access.isError;
  useEffect(() => {
    if (loadFailed) toast.error('Failed to load projects', { id: 'project-load' });
  }, [loadFailed]);

  // The customer opening an active project without a membership gets the subscribe prompt (once per visit).
  const promptDue = subscribePromptDue(can, data, subscription);
  const subscribeShown = membership.dialogProps.open || (promptDue && !promptDismissed);
  const onSubscribeOpenChange = (open: boolean) => {
    membership.dialogProps.onOpenChange(open);
    if (!open) setPromptDismissed(true);
  };

  if (project.isPending || role.isPending) return <PageSpinner />;
  if (loadFailed) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8">
        <p role="alert" className="text-destructive">
          Failed to load the project.
        </p>
      </div>
    );
  }
  if (!data || denied) return <PageSpinner />;
  const counterpart = projectCounterpart(data, userId);

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <ProjectDetailCard project={data} onBack={goBack} />
      {/* Trust and safety (docs/trust-and-safety.md): anyone but its customer may report a project; the two
          parties see each other with Report and Block, and a suspension of the other pauses the project. */}
      {can.isOwner ? null : (
        <div className="flex justify-end">
          <ReportButton subject={{ kind: 'project', id: data.id }} what="this project" />
        </div>
      )}
      {counterpart ? (
        <ProjectCounterpart
          userId={userId}
          otherId={counterpart.id}
          relation={counterpart.relation}
          active={data.status === 'active'}
        />
      ) : null}

      {can.contact ? <ContactEmail userId={can.contact.userId} name={can.contact.name} /> : null}

      {can.bids ? <BidsCard projectId={data.id} /> : null}
      {can.mayBid ? <DesignerBidCard projectId={data.id} designerId={userId} membership={membership} /> : null}

      {can.acceptedBid && data.designer_id ? (
        <AcceptedBidCard
          projectId={data.id}
          designerId={data.designer_id}
          viewer={can.isOwner ? 'customer' : 'designer'}
        />
      ) : null}

      {showMilestones ? (
        <MilestonesCard
          projectId={data.id}
          projectTitle={data.title}
          projectActive={data.status === 'active'}
          userId={userId}
          viewer={can.isOwner ? 'customer' : 'designer'}
          fundedPaymentId={can.isOwner ? params.get('funded') : null}
        />
      ) : null}

      {/* Good Stuff for this project (docs/find-it-first.md): its two parties, while it runs. */}
      {can.participant && data.status === 'active' ? (
        <FindPiecesLink projectId={data.id} budget={data.budget} itemsTotal={data.items_total} />
      ) : null}

      {can.budget ? (
        <BudgetTracker
          projectId={data.id}
          userId={userId}
          budget={data.budget}
          budgetType={data.budget_type}
          itemsTotal={data.items_total}
          itemsTotalUpdatedAt={project.dataUpdatedAt}
          editable={can.budgetEditable}
        />
      ) : null}

      {can.board ? (
        <ProjectBoard
          project={data}
          projectReadAt={project.dataUpdatedAt}
          userId={userId}
          viewer={can.isOwner ? 'customer' : 'designer'}
          open={can.boardOpen}
        />
      ) : null}

      {can.photos ? (
        <ProjectPhotosCard
          projectId={data.id}
          userId={userId}
          isOwner={can.isOwner}
          canUpload={can.photoUpload}
          footer={
            can.complete ? (
              <div className="space-y-1">
                <Button
                  onClick={() => setCompleteOpen(true)}
                  disabled={moneyHeld}
                  aria-describedby={moneyHeld ? 'complete-held-reason' : undefined}
                >
                  Mark as Complete
                </Button>
                {moneyHeld ? (
                  <p id="complete-held-reason" className="text-sm text-muted-foreground">
                    Release or settle every funded milestone before marking the project complete.
                  </p>
                ) : null}
              </div>
            ) : data.status === 'completed' ? (
              <p className="text-sm text-muted-foreground">This project is complete.</p>
            ) : null
          }
        />
      ) : null}

      {can.portfolioConsent ? <PortfolioConsentCard projectId={data.id} designerId={data.designer_id} /> : null}

      {can.messages ? (
        <MessagesPanel
          projectId={data.id}
          userId={userId}
          otherLabel={counterpart ? counterpart.relation.replace(/^your/, 'Your') : undefined}
          messageActions={(message) =>
            message.senderId === userId ? null : (
              <ReportButton
                look="icon"
                subject={{ kind: 'project_message', id: message.id }}
                what={`the message from ${message.senderName}`}
              />
            )
          }
        />
      ) : null}

      <Suspense fallback={null}>
        {can.complete && completeOpen ? (
          <CompleteProjectDialog
            open={completeOpen}
            onOpenChange={setCompleteOpen}
            projectId={data.id}
            designerId={data.designer_id}
            onCompleted={() => setReviewOpen(true)}
          />
        ) : null}
        {can.review && data.designer_id && reviewOpen ? (
          <ReviewDialog
            open={reviewOpen}
            onOpenChange={setReviewOpen}
            projectId={data.id}
            designerId={data.designer_id}
            clientId={userId}
          />
        ) : null}
        {subscribeShown ? (
          <SubscribeDialog
            open={subscribeShown}
            onOpenChange={onSubscribeOpenChange}
            accountRole={role.data ?? 'customer'}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
