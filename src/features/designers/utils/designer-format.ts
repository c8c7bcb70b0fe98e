export function designerName(designer: { full_name: string | null; username: string | null }): string {
  return designer.full_name?.trim() || designer.username?.trim() || 'Designer';
}
