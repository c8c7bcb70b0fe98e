import { Loader2 } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';

/**
 * An action that may have to wait for an answer before it goes on (e.g. whether the user has a membership).
 * `run(key, action)` runs `action` once the answer allows it and otherwise refuses in its own way (e.g. asks the
 * user to subscribe); it never runs `action` before the answer. `waitingFor` is the key of the action waiting for
 * the answer, so its button can say so; `waitingLabel` is what a screen reader hears meanwhile.
 */
export type GatedAction = {
  run: (key: string, action: () => void) => void;
  waitingFor: string | null;
  waitingLabel: string;
};

type BusyButtonProps = ButtonProps & {
  busy: boolean;
  /** Announced while busy. */
  busyLabel: string;
};

/**
 * A button whose click is being answered: a spinner in place of its icon and aria-busy, with `busyLabel`
 * announced. It stays enabled (and focused): clicking it again changes nothing.
 */
export function BusyButton({ busy, busyLabel, children, ...props }: BusyButtonProps) {
  return (
    <>
      <Button aria-busy={busy || undefined} {...props}>
        {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
        {children}
      </Button>
      {busy ? (
        <span role="status" className="sr-only">
          {busyLabel}
        </span>
      ) : null}
    </>
  );
}

type GatedButtonProps = Omit<ButtonProps, 'onClick'> & {
  gate: GatedAction;
  /** Names this button's action among others behind the same gate (e.g. one per project card). */
  gateKey: string;
  /** What the button does once the gate lets the user through. */
  onAllowed: () => void;
};

/** A button whose action is behind `gate`: it waits (busy) for the gate's answer, never acts before it. */
export function GatedButton({ gate, gateKey, onAllowed, ...props }: GatedButtonProps) {
  return (
    <BusyButton
      busy={gate.waitingFor === gateKey}
      busyLabel={gate.waitingLabel}
      onClick={() => gate.run(gateKey, onAllowed)}
      {...props}
    />
  );
}
