import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { BOARD_STATUSES, STATUS_LABELS, type BoardStatus } from '@/features/board/utils/board-proposal';

type BoardFiltersProps = {
  rooms: readonly string[];
  room: string | null;
  status: BoardStatus | null;
  /** Only what changed: two quick changes must not undo each other. */
  onChange: (next: { room?: string | null; status?: BoardStatus | null }) => void;
};

/** The board's filters by room and by status: the browser's own selects, operable by keyboard and screen reader. */
export function BoardFilters({ rooms, room, status, onChange }: BoardFiltersProps) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Filter the board">
      <div className="grid min-w-40 flex-1 gap-1 sm:flex-none">
        <Label htmlFor={`${id}-room`}>Room</Label>
        <NativeSelect
          id={`${id}-room`}
          value={room ?? ''}
          onChange={(event) => onChange({ room: event.target.value || null })}
        >
          <option value="">All rooms</option>
          {rooms.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid min-w-40 flex-1 gap-1 sm:flex-none">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <NativeSelect
          id={`${id}-status`}
          value={status ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            onChange({
              status: (BOARD_STATUSES as readonly string[]).includes(value) ? (value as BoardStatus) : null,
            });
          }}
        >
          <option value="">All statuses</option>
          {BOARD_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {room || status ? (
        <Button variant="ghost" size="sm" onClick={() => onChange({ room: null, status: null })}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
