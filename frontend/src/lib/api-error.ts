import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

/** The spec's message for any failure without a more specific one. */
export const GENERIC_ERROR = 'An error occurred';

/** The HTTP status of a failed query, if the server answered. */
export function errorStatus(error: FetchBaseQueryError | SerializedError | undefined): number | undefined {
  if (error && 'status' in error && typeof error.status === 'number') return error.status;
  return undefined;
}

/** The gateway's `{"error": "..."}` message of a failed query, if it sent one. */
export function errorMessage(error: FetchBaseQueryError | SerializedError | undefined): string | undefined {
  if (!error || !('status' in error)) return undefined;
  const data: unknown = error.data;
  if (typeof data === 'object' && data !== null && 'error' in data && typeof data.error === 'string') {
    return data.error;
  }
  return undefined;
}
