import { api } from '@/lib/api';
import type { CollectionDraft } from './form-rules';
import type { CollectionListArgs } from './sort-params';
import type { LaunchpadInfo, MintPreviewSample } from './launchpad-types';
import type { Burner, Collection, CollectionStamp, Collector, Paged, TraitStamp, XcpProject } from './types';
import { DEFAULT_PAGE_SIZE } from '@/utils/pagination';

/** Page sizes (spec): 50 in the collections list, 20 in the collectors list. */
export const COLLECTIONS_PAGE_SIZE = 50;
export const COLLECTORS_PAGE_SIZE = 20;
export const BURNED_PAGE_SIZE = 20;
/** A collection's stamps, as the finder pages them. */
export const COLLECTION_STAMPS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** The mint page's launchpads: `GET /api/collections?only=launchpad&sort=highest_stamp_number:desc` (spec). */
export const LAUNCHPADS_ARGS: CollectionListArgs = { only: 'launchpad', sort: 'highest_stamp_number:desc' };

/** Arguments of a collection's paged sub-list. */
export type CollectionPageArgs = { id: string; page: number };

/** The stamp finder's filters and sort, as the API spells them. */
export type StampListFilters = {
  types?: string | undefined;
  only?: string | undefined;
  sort?: string | undefined;
  rarity?: string | undefined;
};

/**
 * Arguments of a collection's Stamps tab: `src721cpids` is the Traits filter (a JSON list of lists of cpids); the
 * finder's filters and sort apply.
 */
export type CollectionStampsArgs = CollectionPageArgs &
  StampListFilters & { src721cpids?: string | undefined; cpids?: string | undefined };

/** A page read defensively: a body without a hits list reads as an empty page. */
export function normalizePage<T>(raw: Partial<Paged<T>> | null): Paged<T> {
  const hits = Array.isArray(raw?.hits) ? raw.hits : [];
  return {
    hits,
    estimatedTotalHits: typeof raw?.estimatedTotalHits === 'number' ? raw.estimatedTotalHits : hits.length,
    offset: typeof raw?.offset === 'number' ? raw.offset : 0,
    limit: typeof raw?.limit === 'number' ? raw.limit : hits.length,
  };
}

/** A trait's share of the collection's mints (spec: count / stamp_count, 2 decimals): "33.33%". */
export function traitShare(count: number, stampCount: number): string | undefined {
  if (!Number.isFinite(count) || !Number.isFinite(stampCount) || stampCount <= 0) return undefined;
  return `${((count / stampCount) * 100).toFixed(2)}%`;
}

/**
 * `GET /api/collection/layers/{id}` read defensively: per layer, its stamps with their image and share of the
 * mints (a launchpad's curated layers give weights, not counts: no share). Anything malformed is dropped.
 */
export function normalizeLayers(raw: unknown): TraitStamp[][] {
  if (typeof raw !== 'object' || raw === null) return [];
  const { layers, stamp_count: stampCount } = raw as { layers?: unknown; stamp_count?: unknown };
  if (!Array.isArray(layers)) return [];
  return layers.map((layer: unknown) => {
    const items = typeof layer === 'object' && layer !== null ? (layer as { items?: unknown }).items : undefined;
    if (!Array.isArray(items)) return [];
    return items.flatMap((item: unknown) => {
      if (typeof item !== 'object' || item === null) return [];
      const { cpid, image_url: url, count } = item as { cpid?: unknown; image_url?: unknown; count?: unknown };
      if (typeof cpid !== 'string' || typeof url !== 'string') return [];
      const share =
        typeof count === 'number' && typeof stampCount === 'number' ? traitShare(count, stampCount) : undefined;
      return [{ cpid, url, share }];
    });
  });
}

/** `GET /api/xcp/projects` read defensively: its well-formed projects, in order. */
export function normalizeProjects(raw: unknown): XcpProject[] {
  const projects = typeof raw === 'object' && raw !== null ? (raw as { projects?: unknown }).projects : undefined;
  if (!Array.isArray(projects)) return [];
  return projects.flatMap((project: unknown) => {
    if (typeof project !== 'object' || project === null) return [];
    const { collection_id: id, name, count } = project as { collection_id?: unknown; name?: unknown; count?: unknown };
    if (typeof id !== 'string' || !id) return [];
    return [
      {
        collection_id: id,
        name: typeof name === 'string' && name ? name : id,
        count: typeof count === 'number' ? count : 0,
      },
    ];
  });
}

function finiteOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** `GET /api/launchpad/{id}` read defensively: malformed points and minters are left out. */
export function normalizeLaunchpad(raw: unknown): LaunchpadInfo {
  const info = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const history = Array.isArray(info.history)
    ? info.history.flatMap((point: unknown): [number, number][] =>
        Array.isArray(point) && typeof point[0] === 'number' && typeof point[1] === 'number'
          ? [[point[0], point[1]]]
          : [],
      )
    : [];
  const topMinters = Array.isArray(info.topMinters)
    ? info.topMinters.flatMap((minter: unknown) => {
        if (typeof minter !== 'object' || minter === null) return [];
        const { address, count } = minter as { address?: unknown; count?: unknown };
        return typeof address === 'string' && typeof count === 'number' ? [{ address, count }] : [];
      })
    : [];
  return {
    history,
    totalMinters: finiteOrNull(info.totalMinters) ?? 0,
    firstMintDate: finiteOrNull(info.firstMintDate),
    lastMintDate: finiteOrNull(info.lastMintDate),
    topMinters,
  };
}

/** `GET /api/wallet/mint/preview/{id}` read defensively: the samples with an image. */
export function normalizePreview(raw: unknown): MintPreviewSample[] {
  const samples = typeof raw === 'object' && raw !== null ? (raw as { samples?: unknown }).samples : undefined;
  if (!Array.isArray(samples)) return [];
  return samples.flatMap((sample: unknown) => {
    if (typeof sample !== 'object' || sample === null) return [];
    const { b64, layers } = sample as { b64?: unknown; layers?: unknown };
    if (typeof b64 !== 'string' || !b64) return [];
    return [
      { b64, layers: Array.isArray(layers) ? layers.filter((cpid): cpid is string => typeof cpid === 'string') : [] },
    ];
  });
}

/** A stamp's image as `GET /api/stamp/images/{cpids}` answers it: its URL, or '404' for an unknown cpid. */
export type StampImage = { cpid: string; url: string };

/** `GET /api/stamp/images/{cpids}` read defensively: the well-formed entries, in order. */
export function normalizeStampImages(raw: unknown): StampImage[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { cpid, url } = entry as { cpid?: unknown; url?: unknown };
    return typeof cpid === 'string' && typeof url === 'string' ? [{ cpid, url }] : [];
  });
}

const collectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCollections: build.query<Paged<Collection>, CollectionListArgs>({
      query: ({ q, ...params }) => ({
        url: q ? `collections/${encodeURIComponent(q)}` : 'collections',
        params,
      }),
      transformResponse: (raw: Partial<Paged<Collection>> | null) => normalizePage(raw),
      providesTags: ['CollectionList'],
    }),
    /** The staff directories (collections owned by the network default), with the collections' parameters. */
    listDirectories: build.query<Paged<Collection>, CollectionListArgs>({
      query: ({ q, ...params }) => ({
        url: q ? `directories/${encodeURIComponent(q)}` : 'directories',
        params,
      }),
      transformResponse: (raw: Partial<Paged<Collection>> | null) => normalizePage(raw),
      providesTags: ['CollectionList'],
    }),
    /** The staff-curated featured collections, in curated order. */
    listFeaturedCollections: build.query<Paged<Collection>, undefined>({
      query: () => 'collections/featured',
      transformResponse: (raw: Partial<Paged<Collection>> | null) => normalizePage(raw),
      providesTags: ['CollectionList'],
    }),
    /** `GET /api/launchpad/{id}`: a launchpad's mint history, minters and dates; 404 'Launchpad not found'. */
    getLaunchpad: build.query<LaunchpadInfo, string>({
      query: (id) => `launchpad/${encodeURIComponent(id)}`,
      transformResponse: (raw: unknown) => normalizeLaunchpad(raw),
      providesTags: (_result, _error, id) => [{ type: 'Collection', id }],
    }),
    /** `GET /api/wallet/mint/preview/{id}`: 100 combinations a layered launchpad may mint; 404 without layers. */
    getMintPreview: build.query<MintPreviewSample[], string>({
      query: (id) => `wallet/mint/preview/${encodeURIComponent(id)}`,
      transformResponse: (raw: unknown) => normalizePreview(raw),
      providesTags: (_result, _error, id) => [{ type: 'Collection', id }],
    }),
    /** `GET /api/xcp/projects`: the staff directories with their stamp counts, largest first (XCP site). */
    listXcpProjects: build.query<XcpProject[], undefined>({
      query: () => 'xcp/projects',
      transformResponse: (raw: unknown) => normalizeProjects(raw),
      providesTags: ['CollectionList'],
    }),
    /** The staff-curated featured directories (XCP site), in curated order. */
    listFeaturedDirectories: build.query<Paged<Collection>, undefined>({
      query: () => 'directories/featured',
      transformResponse: (raw: Partial<Paged<Collection>> | null) => normalizePage(raw),
      providesTags: ['CollectionList'],
    }),
    getCollection: build.query<Collection, string>({
      query: (id) => `collection/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Collection', id }],
    }),
    /** A collection with every one of its stamp ids (not only the first 12), for the edit form; never cached. */
    getCollectionForEdit: build.query<Collection, string>({
      query: (id) => ({ url: `collection/${encodeURIComponent(id)}`, params: { with_stamp_ids: true } }),
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, id) => [{ type: 'Collection', id }],
    }),
    /** The images of up to 100 stamps (comma-separated cpids), for the form's preview. */
    getStampImages: build.query<StampImage[], string>({
      query: (cpids) => `stamp/images/${cpids.split(',').map(encodeURIComponent).join(',')}`,
      transformResponse: (raw: unknown) => normalizeStampImages(raw),
    }),
    /** `POST /api/collection`: 201 with the new collection. */
    createCollection: build.mutation<{ collection_id: string; name: string }, CollectionDraft>({
      query: (body) => ({ url: 'collection', method: 'POST', body, responseHandler: 'content-type' }),
      invalidatesTags: (result) => (result ? ['CollectionList'] : []),
    }),
    /** `PUT /api/collection/{id}`: 201; the name is not changed. */
    updateCollection: build.mutation<unknown, { id: string; draft: CollectionDraft }>({
      query: ({ id, draft }) => ({
        url: `collection/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: draft,
        responseHandler: 'content-type',
      }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : ['CollectionList', { type: 'Collection', id }]),
    }),
    getCollectionCollectors: build.query<Paged<Collector>, CollectionPageArgs>({
      transformResponse: (raw: Partial<Paged<Collector>> | null) => normalizePage(raw),
      query: ({ id, page }) => ({
        url: `collection/${encodeURIComponent(id)}/collectors`,
        params: page > 1 ? { page } : undefined,
      }),
      providesTags: (_result, _error, { id }) => [{ type: 'Collection', id }],
    }),
    getCollectionBurned: build.query<Paged<Burner>, CollectionPageArgs>({
      transformResponse: (raw: Partial<Paged<Burner>> | null) => normalizePage(raw),
      query: ({ id, page }) => ({
        url: `collection/${encodeURIComponent(id)}/burned`,
        params: page > 1 ? { page } : undefined,
      }),
      providesTags: (_result, _error, { id }) => [{ type: 'Collection', id }],
    }),
    getCollectionStamps: build.query<Paged<CollectionStamp>, CollectionStampsArgs>({
      transformResponse: (raw: Partial<Paged<CollectionStamp>> | null) => normalizePage(raw),
      query: ({ id, page, src721cpids, cpids, types, only, sort, rarity }) => ({
        url: 'search',
        params: {
          collection: id,
          page,
          limit: COLLECTION_STAMPS_PAGE_SIZE,
          types,
          only,
          sort,
          rarity,
          ...(src721cpids ? { src721cpids } : {}),
          ...(cpids ? { cpids } : {}),
        },
      }),
      providesTags: (_result, _error, { id }) => [{ type: 'Collection', id }],
    }),
    /**
     * The layers of an SRC-721 collection or of a launchpad's curated layers (`GET /api/collection/layers/{id}`): per
     * layer, its stamps and how many mints chose each (weights for curated layers). 404 when there are no layers.
     */
    getCollectionTraits: build.query<TraitStamp[][], string>({
      query: (id) => `collection/layers/${encodeURIComponent(id)}`,
      transformResponse: (raw: unknown) => normalizeLayers(raw),
      providesTags: (_result, _error, id) => [{ type: 'Collection', id }],
    }),
  }),
});

export const {
  useListCollectionsQuery,
  useListDirectoriesQuery,
  useListFeaturedCollectionsQuery,
  useListFeaturedDirectoriesQuery,
  useListXcpProjectsQuery,
  useGetLaunchpadQuery,
  useGetMintPreviewQuery,
  useGetCollectionQuery,
  useGetCollectionForEditQuery,
  useGetStampImagesQuery,
  useCreateCollectionMutation,
  useUpdateCollectionMutation,
  useGetCollectionCollectorsQuery,
  useGetCollectionBurnedQuery,
  useGetCollectionStampsQuery,
  useGetCollectionTraitsQuery,
} = collectionsApi;
