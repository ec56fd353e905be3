import { Link } from 'react-router';
import { COMMUNITIES, COMMUNITY, SOCIAL } from '@/config/community';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The spec's 404 text. */
export const NOT_FOUND_TEXT = 'There nothing here...';

/** The page for any path the app does not know: links home, to the community pages and to the social account. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="error-page">
      <p className="error-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="error-page__text">{NOT_FOUND_TEXT}</h1>
      <div className="error-page__actions">
        <Link className="button" to={paths.home.getHref()}>
          Back to home
        </Link>
        {COMMUNITIES.map((community) => (
          <Link key={community} className="button button--ghost" to={COMMUNITY[community].path}>
            {COMMUNITY[community].name}
          </Link>
        ))}
        {SOCIAL && (
          <a className="button button--ghost" href={SOCIAL.url} target="_blank" rel="noopener noreferrer">
            {SOCIAL.name}
          </a>
        )}
      </div>
    </section>
  );
}
