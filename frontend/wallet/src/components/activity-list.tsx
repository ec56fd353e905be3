import { formatQuantity } from '../amount';
import type { ActivityEvent, ActivityType } from '../api';
import { CopyButton } from './copy-button';

/** What each kind of event did, in plain words. */
const WORDING: Record<ActivityType, string> = {
  send: 'Sent',
  receive: 'Received',
  attach: 'Attached',
  detach: 'Detached',
  move: 'Moved',
  issuance: 'Issued',
  transfer: 'Transferred',
  destroy: 'Destroyed',
  buy: 'Bought',
  sell: 'Sold',
  fairmint: 'Minted',
};

/** The plain words for an event's kind ('Sent', 'Received', ...). */
export function activityWording(type: ActivityType): string {
  return WORDING[type];
}

/** A transaction id shortened to its first and last 8 characters. */
export function shortTxid(txid: string): string {
  return txid.length > 19 ? `${txid.slice(0, 8)}...${txid.slice(-8)}` : txid;
}

/** A block's time (unix seconds) as its UTC date and minute ('2026-11-27 19:16 UTC'). */
export function blockDate(timestamp: number): string {
  return `${new Date(timestamp * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The address's recent Counterparty activity, newest first: what happened, the asset (its long name if it has one),
 * the exact quantity, the block and its date, and the shortened transaction id with a copy button.
 */
export function ActivityList({ events }: { events: ActivityEvent[] }) {
  if (events.length === 0) return <p className="empty">No activity yet.</p>;
  return (
    <ul className="list" aria-label="Recent activity">
      {events.map((event, index) => (
        <li key={`${event.txHash}-${event.type}-${event.asset}-${String(index)}`} className="list__item activity">
          <div>
            <p className="list__main">
              {activityWording(event.type)}{' '}
              <span className="list__amount">{formatQuantity(event.quantity, event.divisible)}</span>{' '}
              <span className="activity__asset">{event.assetLongname ?? event.asset}</span>
            </p>
            <p className="muted">
              Block {event.blockIndex}, {blockDate(event.timestamp)}
            </p>
          </div>
          <div className="activity__tx">
            <span className="list__detail" title={event.txHash}>
              {shortTxid(event.txHash)}
            </span>
            <CopyButton text={event.txHash} label="Copy id" />
          </div>
        </li>
      ))}
    </ul>
  );
}
