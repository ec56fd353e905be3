import { Link } from 'react-router';
import { FallbackImage } from '@/components/ui/fallback-image';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { paths } from '@/config/paths';
import { useSite } from '@/lib/site-variant';
import { displayUserId } from '@/utils/format';
import { useGetAdventQuery } from '../api';
import { ADVENT_RULES, BONUS_DAY, calendarDoors, CHRISTMAS_DAY, type Door, type DoorState } from '../doors';

const STATE_TEXT: Record<DoorState, string> = { closed: 'Closed', presale: 'On presale', open: 'Open' };

function DoorCard({ door, stampHref }: { door: Door; stampHref: (cpid: string) => string }) {
  const special = door.day === CHRISTMAS_DAY || door.day === BONUS_DAY;
  const titleId = `advent-door-${String(door.day)}`;
  return (
    <li
      className={`advent-door advent-door--${door.state}${special ? ' advent-door--special' : ''}`}
      aria-labelledby={titleId}
    >
      <div className="advent-door__media">
        {door.image ? (
          <FallbackImage sources={[door.image]} alt={`${door.label} stamp`} />
        ) : (
          <span className="advent-door__number" aria-hidden="true">
            {door.day === BONUS_DAY ? `#${String(BONUS_DAY)}` : door.day}
          </span>
        )}
      </div>
      <div className="advent-door__body">
        <h2 id={titleId} className="advent-door__title">
          {door.label}
        </h2>
        {door.day === BONUS_DAY && <p className="advent-door__note">New Year stamp</p>}
        <p className="advent-door__state">{STATE_TEXT[door.state]}</p>
        {door.author && (
          <p className="advent-door__author">
            by{' '}
            <Link className="text-link" to={paths.profile.getHref(door.author)} title={door.author}>
              {displayUserId(door.author)}
            </Link>
          </p>
        )}
        {door.viewCpid && (
          <Link
            className="button button--ghost advent-door__view"
            to={stampHref(door.viewCpid)}
            aria-label={`View ${door.label}`}
          >
            View
          </Link>
        )}
      </div>
    </li>
  );
}

/**
 * The advent calendar (/advent-calendar): 24 daily doors, day 25 and the bonus New Year stamp #31, each closed, on
 * presale (View opens the presale stamp) or open (image, author, View). There are no Buy buttons: buying needs the
 * wallet flows, which this app does not have yet. The rules follow as a list, once a calendar is there. A 404 shows the
 * API's message.
 */
export function AdventCalendarPage() {
  const site = useSite();
  const { data, error, isLoading, isError } = useGetAdventQuery(undefined);

  let body;
  if (isLoading) {
    body = <Loading />;
  } else if (isError || !data) {
    body = <ErrorNotice message={(errorStatus(error) === 404 && errorMessage(error)) || GENERIC_ERROR} />;
  } else {
    body = (
      <ul className="advent-grid" aria-label="Doors">
        {calendarDoors(data.days).map((door) => (
          <DoorCard key={door.day} door={door} stampHref={site.stampHref} />
        ))}
      </ul>
    );
  }

  return (
    <section className="advent" aria-labelledby="advent-title">
      <h1 id="advent-title" className="page-title">
        Advent calendar{data ? ` ${String(data.year)}` : ''}
      </h1>
      {body}
      {data && (
        <section className="advent-rules" aria-labelledby="advent-rules-title">
          <h2 id="advent-rules-title" className="section-head__title">
            Rules
          </h2>
          <ul className="advent-rules__list">
            {ADVENT_RULES.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
