import { useCallback, useEffect, useState } from 'react';

/** A read's state: pending (first load or a reload), its answer, or its failure. */
export type Load<T> = { status: 'loading' } | { status: 'done'; data: T } | { status: 'error' };

/**
 * Runs `read` on mount and whenever `reload` is called; a newer run, or unmounting, aborts the older one. While a
 * reload runs, the last answer stays shown (`reloading` is true).
 */
export function useLoad<T>(read: (signal: AbortSignal) => Promise<T>): {
  load: Load<T>;
  reloading: boolean;
  reload: () => void;
} {
  const [load, setLoad] = useState<Load<T>>({ status: 'loading' });
  const [reloading, setReloading] = useState(false);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    read(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        setLoad({ status: 'done', data });
        setReloading(false);
      },
      () => {
        if (controller.signal.aborted) return;
        setLoad({ status: 'error' });
        setReloading(false);
      },
    );
    return () => {
      controller.abort();
    };
  }, [read, generation]);

  const reload = useCallback(() => {
    setReloading(true);
    setGeneration((current) => current + 1);
  }, []);

  return { load, reloading, reload };
}
