export const BUDGET_TYPE_LABEL = { soft: 'Flexible', hard: 'Hard Cap' } as const;
