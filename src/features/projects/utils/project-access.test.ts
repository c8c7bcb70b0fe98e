import { describe, expect, it } from 'vitest';
import { projectAccess, subscribePromptDue } from '@/features/projects/utils/project-access';

const CUSTOMER = 'c0000000-0000-4000-8000-000000000001';
const DESIGNER = 'd0000000-0000-4000-8000-000000000001';
const OTHER = 'd0000000-0000-4000-8000-000000000002';

const pending = { customer_id: CUSTOMER, designer_id: null, status: 'pending' as const };
const active = { customer_id: CUSTOMER, designer_id: DESIGNER, status: 'active' as const };
const completed = { ...active, status: 'completed' as const };

describe('projectAccess: who sees what on a project page', () => {
  it('the customer of a pending project sees the bids, nothing of its work yet', () => {
    const can = projectAccess({ project: pending, userId: CUSTOMER, role: 'customer', rolePending: false });
    expect(can).toMatchObject({ isOwner: true, participant: true, bids: true, mayBid: false, denied: false });
    expect(can).toMatchObject({ budget: false, contact: null, complete: false, messages: true, photos: true });
  });

  it('another designer may bid on a pending, unassigned project; a customer may not and is turned away', () => {
    expect(projectAccess({ project: pending, userId: OTHER, role: 'designer', rolePending: false })).toMatchObject({
      mayBid: true,
      denied: false,
      participant: false,
      bids: false,
      messages: false,
      photos: false,
    });
    expect(projectAccess({ project: pending, userId: OTHER, role: 'customer', rolePending: false })).toMatchObject({
      mayBid: false,
      denied: true,
    });
  });

  it('nobody is turned away while the role is being read', () => {
    expect(projectAccess({ project: active, userId: OTHER, role: undefined, rolePending: true }).denied).toBe(false);
  });

  it('an active project: both parties see the budget, photos, messages and each other’s address', () => {
    const owner = projectAccess({ project: active, userId: CUSTOMER, role: 'customer', rolePending: false });
    expect(owner).toMatchObject({ budget: true, budgetEditable: true, complete: true, photoUpload: true });
    expect(owner.contact).toEqual({ userId: DESIGNER, name: 'your designer' });
    const designer = projectAccess({ project: active, userId: DESIGNER, role: 'designer', rolePending: false });
    expect(designer).toMatchObject({ isAssigned: true, budget: true, complete: false, review: false, bids: false });
    expect(designer.contact).toEqual({ userId: CUSTOMER, name: 'your client' });
    expect(projectAccess({ project: active, userId: OTHER, role: 'designer', rolePending: false })).toMatchObject({
      mayBid: false,
      denied: true,
    });
  });

  it('a completed project: read-only budget, no uploads, no address; the customer gives the portfolio choice', () => {
    const owner = projectAccess({ project: completed, userId: CUSTOMER, role: 'customer', rolePending: false });
    expect(owner).toMatchObject({
      budget: true,
      budgetEditable: false,
      photoUpload: false,
      contact: null,
      complete: false,
      portfolioConsent: true,
      review: true,
    });
    const designer = projectAccess({ project: completed, userId: DESIGNER, role: 'designer', rolePending: false });
    expect(designer.portfolioConsent).toBe(false);
  });

  it('the accepted bid and the selection board: both parties once a designer is assigned, decisions while active', () => {
    for (const userId of [CUSTOMER, DESIGNER]) {
      const role = userId === CUSTOMER ? 'customer' : 'designer';
      expect(projectAccess({ project: active, userId, role, rolePending: false })).toMatchObject({
        acceptedBid: true,
        board: true,
        boardOpen: true,
      });
      expect(projectAccess({ project: completed, userId, role, rolePending: false })).toMatchObject({
        acceptedBid: true,
        board: true,
        boardOpen: false,
      });
    }
    expect(projectAccess({ project: pending, userId: CUSTOMER, role: 'customer', rolePending: false })).toMatchObject({
      acceptedBid: false,
      board: false,
    });
    expect(projectAccess({ project: pending, userId: OTHER, role: 'designer', rolePending: false })).toMatchObject({
      acceptedBid: false,
      board: false,
    });
  });

  it('nothing read (hidden or missing) is neither shown nor denied here: the page asks which', () => {
    expect(projectAccess({ project: null, userId: CUSTOMER, role: 'customer', rolePending: false })).toMatchObject({
      participant: false,
      denied: false,
      mayBid: false,
    });
  });
});

describe('subscribePromptDue: the membership gate', () => {
  const owner = projectAccess({ project: active, userId: CUSTOMER, role: 'customer', rolePending: false });
  const designer = projectAccess({ project: active, userId: DESIGNER, role: 'designer', rolePending: false });

  it('asks the customer of an active project without a membership, once the check has answered', () => {
    expect(subscribePromptDue(owner, active, { isLoading: false, subscribed: false })).toBe(true);
    expect(subscribePromptDue(owner, active, { isLoading: true, subscribed: false })).toBe(false);
    expect(subscribePromptDue(owner, active, { isLoading: false, subscribed: true })).toBe(false);
  });

  it('never asks the designer, nor about a pending or completed project', () => {
    expect(subscribePromptDue(designer, active, { isLoading: false, subscribed: false })).toBe(false);
    expect(subscribePromptDue(owner, pending, { isLoading: false, subscribed: false })).toBe(false);
    expect(subscribePromptDue(owner, completed, { isLoading: false, subscribed: false })).toBe(false);
  });
});
