import type { ReactNode } from 'react';
import { CollectionsByIds } from '@/features/collections/components/collections-by-ids';
import { Src721BlockOf } from '@/features/src721/components/src721-block';
import { useSite } from '@/lib/site-variant';
import type { StampDetailData } from '@/lib/stamp-detail';

/** What the stamp page draws from other features: the collections' cards and the SRC-721 block. */
export type StampDetailSlots = {
  renderCollections: (ids: string[]) => ReactNode;
  renderExtraBlocks: (stamp: StampDetailData) => ReactNode;
};

/** The stamp page's blocks from other features, for the stamp and asset pages. */
export function useStampDetailSlots(): StampDetailSlots {
  const site = useSite();
  return {
    renderCollections: (ids) => <CollectionsByIds ids={ids} stampsWord={site.stampsWord} label="From Collection" />,
    renderExtraBlocks: (stamp) => <Src721BlockOf stamp={stamp} />,
  };
}
