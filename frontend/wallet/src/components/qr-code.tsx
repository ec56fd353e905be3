import encodeQR from 'qr';
import { useMemo } from 'react';

/** The quiet zone around the symbol, in modules (the QR standard asks for 4). */
const QUIET_ZONE = 4;

/** The dark modules of a QR symbol as one SVG path, a unit square each. */
export function qrPath(modules: readonly (readonly boolean[])[]): string {
  let path = '';
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${String(x)} ${String(y)}h1v1h-1z`;
    });
  });
  return path;
}

/** A QR code of `text`, drawn as SVG elements (no canvas, no markup strings). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const modules = useMemo(() => encodeQR(text, 'raw', { ecc: 'medium', border: QUIET_ZONE }), [text]);
  const size = modules.length;
  return (
    <svg className="qr" viewBox={`0 0 ${String(size)} ${String(size)}`} role="img" aria-label={label}>
      <rect width={size} height={size} fill="#fff" />
      <path d={qrPath(modules)} fill="#000" shapeRendering="crispEdges" />
    </svg>
  );
}
