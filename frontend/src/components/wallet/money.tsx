import { CURRENCY_SYMBOLS, useCurrency } from '@/lib/currency';
import { usePrices } from '@/lib/fees-api';
import { formatFiat } from '@/utils/fiat';
import { formatBtc } from '@/utils/money';

/** Satoshis in BTC, and in the chosen currency when its price is known. */
export function Money({ sats }: { sats: bigint | number }) {
  const currency = useCurrency();
  const price = usePrices()?.rates[currency];
  return (
    <>
      {formatBtc(sats.toString())}
      {price !== undefined && (
        <span className="wallet-money__fiat"> ≈ {formatFiat(sats, price, CURRENCY_SYMBOLS[currency])}</span>
      )}
    </>
  );
}
