import type { Project } from '@/features/projects/api/project-types';
import type { Role } from '@/types/role';

type AccessInput = {
  /** The project as the viewer may read it (null: row-level security hid it, or it does not exist). */
  project: Pick<Project, 'customer_id' | 'designer_id' | 'status'> | null | undefined;
  userId: string;
  role: Role | null | undefined;
  /** While the role is being read, nobody is turned away. */
  rolePending: boolean;
};

/**
 * Who sees what on a project's page (docs/product.md, Projects). Row-level security decides what each person can
 * read; this says which parts the page shows them: the customer who posted it and the assigned designer (the
 * participants) see its work, a designer may bid on a pending, unassigned project, anyone else is turned away.
 */
export function projectAccess({ project, userId, role, rolePending }: AccessInput) {
  const isOwner = Boolean(project && project.customer_id === userId);
  const isAssigned = Boolean(project && project.designer_id === userId);
  const mayBid = Boolean(
    project && project.status === 'pending' && project.designer_id === null && role === 'designer' && !isOwner,
  );
  const participant = isOwner || isAssigned;
  const status = project?.status;
  return {
    isOwner,
    isAssigned,
    participant,
    mayBid,
    /** Read but not theirs to see: the page says 'Access denied' and goes back. */
    denied: Boolean(project && !participant && !mayBid && !rolePending),
    /** The other party's address, only while the project is active (docs/decisions/0030-safe-by-default.md). */
    contact:
      project && participant && status === 'active'
        ? isOwner
          ? { userId: project.designer_id, name: 'your designer' }
          : { userId: project.customer_id, name: 'your client' }
        : null,
    /** The customer reviews the bids on their pending project. */
    bids: isOwner && status === 'pending',
    /** The accepted bid, to both parties once the project runs on it (active or completed). */
    acceptedBid: participant && status !== 'pending' && Boolean(project?.designer_id),
    /**
     * The selection board (docs/product.md, Selection board), to both parties once a designer is assigned; new
     * proposals and decisions only while the project is active (the database agrees).
     */
    board: participant && status !== 'pending' && Boolean(project?.designer_id),
    boardOpen: participant && status === 'active',
    budget: participant && status !== 'pending',
    budgetEditable: status === 'active',
    photos: participant,
    photoUpload: status !== 'completed',
    /** Mark as Complete, then the portfolio choices and the review: the customer's. */
    complete: isOwner && status === 'active',
    portfolioConsent: isOwner && status === 'completed',
    review: isOwner && Boolean(project?.designer_id),
    messages: participant,
  };
}

export type ProjectAccess = ReturnType<typeof projectAccess>;

/**
 * The membership gate (docs/product.md, Projects): the customer opening their active project without a membership is
 * asked to subscribe (once per visit: the page remembers a dismissal).
 */
export function subscribePromptDue(
  access: ProjectAccess,
  project: Pick<Project, 'status'> | null | undefined,
  membership: { isLoading: boolean; subscribed: boolean },
): boolean {
  return access.isOwner && project?.status === 'active' && !membership.isLoading && !membership.subscribed;
}
