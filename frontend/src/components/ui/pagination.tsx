import { Link, useLocation } from 'react-router';
import { pageSearch, pageWindow } from '@/utils/pagination';

type PaginationProps = {
  page: number;
  count: number;
  label?: string;
};

/** Page links driven by the `?page=N` query of the current URL (page 1 drops it). Hidden for a single page. */
export function Pagination({ page, count, label = 'Pagination' }: PaginationProps) {
  const location = useLocation();
  if (count <= 1) return null;
  const href = (target: number) => ({ pathname: location.pathname, search: pageSearch(location.search, target) });

  return (
    <nav className="pagination" aria-label={label}>
      {page > 1 ? (
        <Link className="pagination__step" to={href(page - 1)} rel="prev">
          ‹ Prev
        </Link>
      ) : (
        <span className="pagination__step pagination__step--off">‹ Prev</span>
      )}
      <ul className="pagination__pages">
        {pageWindow(page, count).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${String(index)}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                className={item === page ? 'pagination__page pagination__page--current' : 'pagination__page'}
                to={href(item)}
                aria-current={item === page ? 'page' : undefined}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < count ? (
        <Link className="pagination__step" to={href(page + 1)} rel="next">
          Next ›
        </Link>
      ) : (
        <span className="pagination__step pagination__step--off">Next ›</span>
      )}
    </nav>
  );
}
