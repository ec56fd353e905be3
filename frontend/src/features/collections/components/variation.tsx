import { formatVariation } from '@/utils/market';

/** An up/down variation beside a volume; nothing when there is none. */
export function Variation({ value }: { value: number | null | undefined }) {
  const variation = formatVariation(value);
  if (!variation) return null;
  const arrow = variation.direction === 'up' ? '▲' : variation.direction === 'down' ? '▼' : '';
  const word = variation.direction === 'up' ? 'up' : variation.direction === 'down' ? 'down' : 'unchanged';
  return (
    <span className={`variation variation--${variation.direction}`}>
      <span aria-hidden="true">
        {arrow} {variation.text}
      </span>
      <span className="visually-hidden">
        {word} {variation.text}
      </span>
    </span>
  );
}
