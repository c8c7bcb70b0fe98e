/**
 * What a feature's mutation hook takes from the component that uses it (ADR 0023). The api file calls the server
 * and keeps the cache right; the component decides what the user is told and what happens next. `onSuccess` runs
 * as soon as the server has answered, before the cache is refreshed, so its toast shows at once.
 */
export type MutationCallbacks<TData = void, TVariables = void> = {
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: Error, variables: TVariables) => unknown;
};
