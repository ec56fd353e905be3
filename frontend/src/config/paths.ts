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
  notFound: {
    path: '*',
  },
} as const;
