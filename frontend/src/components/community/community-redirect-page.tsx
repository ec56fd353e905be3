import { useEffect } from 'react';
import { Link } from 'react-router';
import { COMMUNITY, type Community } from '@/config/community';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The /discord and /telegram pages: send the browser to the community, with links in case it does not go. */
export function CommunityRedirectPage({ community }: { community: Community }) {
  const { name, url } = COMMUNITY[community];
  useDocumentTitle(name);
  useEffect(() => {
    window.location.assign(url);
  }, [url]);

  return (
    <section className="error-page">
      <h1 className="error-page__text">Redirecting to {name}…</h1>
      <p className="error-page__hint">
        If nothing happens, open{' '}
        <a className="text-link" href={url} rel="noopener noreferrer">
          {url}
        </a>
      </p>
      <Link className="button button--ghost" to={paths.home.getHref()}>
        Back to home
      </Link>
    </section>
  );
}
