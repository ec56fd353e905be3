import { COMMUNITIES, COMMUNITY, SOCIAL } from '@/config/community';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The spec's 500 text. */
export const SERVER_ERROR_TEXT = 'Internal server error, try to reload or contact us if the problem persists.';

/**
 * The page shown when a route fails to render or load. It uses plain links (full page loads) home and to the
 * community pages (and the social account, when configured), as the router itself may be what failed.
 */
export function ServerErrorPage() {
  useDocumentTitle('Error');
  return (
    <section className="error-page">
      <p className="error-page__code" aria-hidden="true">
        500
      </p>
      <h1 className="error-page__text">{SERVER_ERROR_TEXT}</h1>
      <div className="error-page__actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            window.location.reload();
          }}
        >
          Reload
        </button>
        <a className="button button--ghost" href="/">
          Back to home
        </a>
        {COMMUNITIES.map((community) => (
          <a key={community} className="button button--ghost" href={COMMUNITY[community].path}>
            {COMMUNITY[community].name}
          </a>
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
