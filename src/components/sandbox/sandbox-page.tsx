import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { followUrl } from '@/components/sandbox/follow-url';

type SandboxPageProps = {
  title: string;
  /** The page's panel, given where to go once the sandbox function answered. */
  children: (onDone: (url: string) => void) => ReactNode;
};

/** ADR 0010 and ADR 0029: the frame of every sandbox payment page (protected; no Stripe keys configured). */
export function SandboxPage({ title, children }: SandboxPageProps) {
  const navigate = useNavigate();
  return (
    <Page title={title} className="max-w-2xl">
      {children((url) => followUrl(url, navigate))}
    </Page>
  );
}
