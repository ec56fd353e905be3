import { createContext, useContext } from 'react';
import { formatFiat, type Fiat } from '../fiat';

/** The site's display currency and its price, while the panel has them. */
export const FiatContext = createContext<Fiat | null>(null);

/** `sats` in the site's currency, in parentheses after a BTC amount; nothing without a price. */
export function FiatAmount({ sats }: { sats: bigint }) {
  const fiat = useContext(FiatContext);
  if (!fiat) return null;
  return <span className="muted"> ({formatFiat(sats, fiat)})</span>;
}
