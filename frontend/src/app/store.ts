import { configureStore } from '@reduxjs/toolkit';
import { api } from '@/lib/api';

/** Builds the Redux store: server data in the RTK Query cache (UI slices join here as they come). */
export function makeStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
}

export const store = makeStore();

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
