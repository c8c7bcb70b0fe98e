import type { DirectoryDesigner } from '@/features/designers/api/get-designers';
import { designerName } from '@/features/designers/utils/designer-format';
import { SaveToggle } from '@/features/saved/components/save-toggle';

/** The Save heart on a designer's card (src/features/saved), for a signed-in viewer who is not that designer. */
export function DesignerSaveSlot({ userId, designer }: { userId: string | undefined; designer: DirectoryDesigner }) {
  return userId && designer.user_id !== userId ? (
    <SaveToggle kind="designer" userId={userId} id={designer.user_id} title={designerName(designer)} />
  ) : null;
}
