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
  discord: {
    path: '/discord',
    getHref: () => '/discord',
  },
  telegram: {
    path: '/telegram',
    getHref: () => '/telegram',
  },
  notFound: {
    path: '*',
  },
} as const;
