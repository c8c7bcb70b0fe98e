import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MaybeVerifiedBadge, VerifiedBadge } from '@/components/verified-badge';

describe('VerifiedBadge', () => {
  it('names the badge and says what it means, for pointers and screen readers', () => {
    render(<VerifiedBadge kind="student" />);
    const badge = screen.getByTestId('verified-badge');
    expect(badge).toHaveTextContent('Verified student');
    expect(badge).toHaveAttribute('title', 'Good Space confirmed this designer is a current student.');
    expect(badge).toHaveTextContent(/is a current student/);
  });

  it('shows the pro badge', () => {
    render(<VerifiedBadge kind="pro" />);
    expect(screen.getByTestId('verified-badge')).toHaveTextContent(/^Verified pro/);
  });

  it('shows nothing for a designer without a badge, or a value the app does not know', () => {
    const { container, rerender } = render(<MaybeVerifiedBadge value={null} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<MaybeVerifiedBadge value="gold" />);
    expect(container).toBeEmptyDOMElement();
    rerender(<MaybeVerifiedBadge value="pro" />);
    expect(screen.getByTestId('verified-badge')).toHaveTextContent(/^Verified pro/);
    rerender(<MaybeVerifiedBadge value={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
