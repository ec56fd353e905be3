import { useParams } from 'react-router';
import { FairmintList } from '@/features/fairmint/components/fairmint-list';
import { useSite } from '@/lib/site-variant';
import { useDocumentTitle } from '@/lib/use-document-title';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/** The fairminter list (/fairmint and /fairmint/{q}); 'FairMint' on the XCP site, as its navigation says. */
export function Component() {
  const q = useParams().q ?? '';
  const site = useSite();
  const word = site.variant === 'xcp' ? 'FairMint' : 'Fairmint';
  useDocumentTitle(q ? `${word}: ${q}` : word);

  return (
    <section aria-labelledby="fairmint-title">
      <div className="section-head">
        <h1 id="fairmint-title" className="section-head__title">
          {word}
        </h1>
        {q && (
          <p className="section-head__query">
            Results for <q className="break">{q}</q>
          </p>
        )}
      </div>
      <FairmintList q={q} />
    </section>
  );
}
