/**
 * The other party of a project the viewer takes part in, once it has one (a designer was chosen): its customer for
 * the designer, its designer for the customer; null for anyone else. The page shows them with Report and Block, and
 * the loader reads them beforehand (docs/trust-and-safety.md).
 */
export function projectCounterpart(
  project: { customer_id: string; designer_id: string | null },
  userId: string,
): { id: string; relation: string } | null {
  if (!project.designer_id) return null;
  if (project.customer_id === userId) return { id: project.designer_id, relation: 'your designer' };
  if (project.designer_id === userId) return { id: project.customer_id, relation: 'your client' };
  return null;
}
