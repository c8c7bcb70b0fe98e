import { FlaskConical } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** ADR 0010: the sandbox says so, prominently and in words (not only colour): no money moves here. */
export function SandboxNotice({ notice }: { notice: string }) {
  return (
    <div
      role="note"
      aria-label="Sandbox notice"
      className="flex items-start gap-3 rounded-md border-2 border-dashed border-secondary-foreground/60 bg-secondary p-4 text-secondary-foreground"
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="space-y-1">
        <Badge variant="outline" className="border-secondary-foreground/60 text-secondary-foreground">
          Sandbox
        </Badge>
        <p className="font-medium">{notice}</p>
      </div>
    </div>
  );
}
