import { useState } from 'react';

/**
 * True from the first render where `settledNow` is, for good. A page that waits for a call before showing what
 * sits below it uses it: a failed call is fetched again when the part showing it mounts, and that refetch must not
 * bring the wait back (which would unmount the part, settle, mount it, refetch... in a loop).
 */
export function useSettledOnce(settledNow: boolean): boolean {
  const [settledOnce, setSettledOnce] = useState(false);
  if (settledNow && !settledOnce) setSettledOnce(true);
  return settledOnce || settledNow;
}
