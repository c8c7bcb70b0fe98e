import { useEffect, useEffectEvent, useState, type ComponentProps } from 'react';
import { Input } from '@/components/ui/input';

/** How long typing pauses before the market follows it. */
const TYPING_DEBOUNCE_MS = 350;

type DebouncedInputProps = Omit<ComponentProps<typeof Input>, 'value' | 'onChange'> & {
  /** The value in force (the URL's). */
  value: string;
  /** Called once typing pauses, or at once on Enter or when focus leaves; `typing` when it was the pause. */
  onCommit: (value: string, how: { typing: boolean }) => void;
};

/**
 * A text box whose value the market follows once the user pauses typing (each key would be a request and a history
 * entry). It shows the value in force again when that changes from elsewhere (back and forward, Clear filters).
 */
export function DebouncedInput({ value, onCommit, onKeyDown, onBlur, ...props }: DebouncedInputProps) {
  const [text, setText] = useState(value);
  // The value in force changed from elsewhere: show it (during render, as React advises for derived state).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }

  const commit = (next: string, typing: boolean) => {
    if (next.trim() === value.trim()) return;
    onCommit(next.trim(), { typing });
  };
  const commitTyped = useEffectEvent((next: string) => commit(next, true));

  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = window.setTimeout(() => commitTyped(text), TYPING_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value]);

  return (
    <Input
      {...props}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit(text, false);
        }
        onKeyDown?.(event);
      }}
      onBlur={(event) => {
        commit(text, false);
        onBlur?.(event);
      }}
    />
  );
}
