/** Every route of the app: `path` is the router pattern, `getHref` builds a link to it. */
export const paths = {
  home: {
    path: '/',
    getHref: () => '/',
  },
  search: {
    path: '/search',
    getHref: () => '/search',
  },
  searchQuery: {
    path: '/search/:q',
    getHref: (q: string) => `/search/${encodeURIComponent(q)}`,
  },
  stamp: {
    path: '/stamp/:cpid',
    getHref: (cpid: string) => `/stamp/${encodeURIComponent(cpid)}`,
  },
  /** The XCP site's name for the stamp detail page; both paths render the same page. */
  asset: {
    path: '/asset/:cpid',
    getHref: (cpid: string) => `/asset/${encodeURIComponent(cpid)}`,
  },
  /** Redirects to the SRC-20 finder. */
  src20: {
    path: '/src20',
    getHref: () => '/src20',
  },
  src20Search: {
    path: '/src20/search',
    getHref: () => '/src20/search',
  },
  src20SearchQuery: {
    path: '/src20/search/:q',
    getHref: (q: string) => `/src20/search/${encodeURIComponent(q)}`,
  },
  src20Tick: {
    path: '/src20/tick/:tick',
    getHref: (tick: string) => `/src20/tick/${encodeURIComponent(tick)}`,
  },
  discord: {
    path: '/discord',
    getHref: () => '/discord',
  },
  telegram: {
    path: '/telegram',
    getHref: () => '/telegram',
  },
  collections: {
    path: '/collections',
    getHref: () => '/collections',
  },
  collectionsQuery: {
    path: '/collections/:q',
    getHref: (q: string) => `/collections/${encodeURIComponent(q)}`,
  },
  directories: {
    path: '/directories',
    getHref: () => '/directories',
  },
  directoriesQuery: {
    path: '/directories/:q',
    getHref: (q: string) => `/directories/${encodeURIComponent(q)}`,
  },
  /** A collection's page; its Collectors and Burned tabs are child paths. */
  collection: {
    path: '/collection/:id',
    getHref: (id: string) => `/collection/${encodeURIComponent(id)}`,
  },
  collectionCollectors: {
    path: 'collectors',
    getHref: (id: string) => `/collection/${encodeURIComponent(id)}/collectors`,
  },
  collectionBurned: {
    path: 'burned',
    getHref: (id: string) => `/collection/${encodeURIComponent(id)}/burned`,
  },
  leaderboard: {
    path: '/leaderboard',
    getHref: () => '/leaderboard',
  },
  profile: {
    path: '/profile/:id',
    getHref: (id: string) => `/profile/${encodeURIComponent(id)}`,
  },
  fairmint: {
    path: '/fairmint',
    getHref: () => '/fairmint',
  },
  fairmintQuery: {
    path: '/fairmint/:q',
    getHref: (q: string) => `/fairmint/${encodeURIComponent(q)}`,
  },
  /** The themed featured stamp list. */
  feat: {
    path: '/feat',
    getHref: () => '/feat',
  },
  /** The Faq: what stamps, SRC-20, dispensers and atomic swaps are, and how fees work. */
  faq: {
    path: '/faq',
    getHref: () => '/faq',
  },
  /** The mint tools (Stamps site only): tabs, the Launchpads one at the base path, the others child paths. */
  mint: {
    path: '/mint',
    getHref: () => '/mint',
  },
  mintBitMelody: {
    path: 'bit-melody',
    getHref: () => '/mint/bit-melody',
  },
  mintStampMixer: {
    path: 'stamp-mixer',
    getHref: () => '/mint/stamp-mixer',
  },
  mintSrc721Builder: {
    path: 'src721-builder',
    getHref: () => '/mint/src721-builder',
  },
  /** Reached by URL only: the spec's navigation does not list it. */
  adventCalendar: {
    path: '/advent-calendar',
    getHref: () => '/advent-calendar',
  },
  /** The staff's analytics dashboard, reached by URL only; the server answers its figures to staff alone. */
  kpi: {
    path: '/kpi',
    getHref: () => '/kpi',
  },
  notFound: {
    path: '*',
  },
} as const;
