import { useId } from 'react';
import { MIN_CHART_POINTS } from '@/components/ui/bar-list';
import { abbreviateDecimal, formatInteger } from '@/utils/format';
import type { Src20MintPoint } from '../types';

const WIDTH = 600;
const HEIGHT = 200;

/**
 * The supply minted over blocks, as an SVG area; hidden under 2 points. The minted strings become numbers only to
 * place the points; every value shown stays the exact string.
 */
export function MintHistoryChart({ points, tick }: { points: Src20MintPoint[]; tick: string }) {
  const titleId = useId();
  if (points.length < MIN_CHART_POINTS) return null;
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return null;
  const span = Math.max(1, last.blockIndex - first.blockIndex);
  const top = Math.max(...points.map((point) => Number(point.minted)), 0) || 1;
  const coordinates = points.map((point) => {
    const x = ((point.blockIndex - first.blockIndex) / span) * WIDTH;
    const y = HEIGHT - (Number(point.minted) / top) * HEIGHT;
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  const line = coordinates.join(' ');
  const summary =
    `${tick} minted supply: ${abbreviateDecimal(first.minted)} at block ${formatInteger(first.blockIndex)}, ` +
    `${abbreviateDecimal(last.minted)} at block ${formatInteger(last.blockIndex)}, over ${formatInteger(points.length)} blocks with mints`;

  return (
    <figure className="mint-chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="bar-list__title">Mint history</figcaption>
      <div className="mint-chart__plot">
        <span className="mint-chart__max">{abbreviateDecimal(last.minted)}</span>
        <svg
          className="mint-chart__svg"
          viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={summary}
        >
          <polygon className="mint-chart__area" points={`0,${String(HEIGHT)} ${line} ${String(WIDTH)},${String(HEIGHT)}`} />
          <polyline className="mint-chart__line" points={line} vectorEffect="non-scaling-stroke" />
        </svg>
      </div>
      <div className="mint-chart__axis" aria-hidden="true">
        <span>Block {formatInteger(first.blockIndex)}</span>
        <span>Block {formatInteger(last.blockIndex)}</span>
      </div>
    </figure>
  );
}
