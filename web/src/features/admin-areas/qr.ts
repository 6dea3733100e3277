import { toString as renderQr, type QRCodeToStringOptions } from 'qrcode';
import { posterPageUrl } from '@urs/sync-protocol';

/**
 * What a poster's code opens: the public problem form of its area, by the poster's token
 * (decision 029). A signed-in member of the school is taken from there to the app's report form
 * with the area chosen, as the code's old address (`/reports/create?area=<id>`) did.
 */
export function posterUrl(origin: string, token: string): string {
  return posterPageUrl(origin, token);
}

/** Same options in the app and in the browser test that re-renders the expected SVG. */
export const QR_OPTIONS = {
  type: 'svg',
  errorCorrectionLevel: 'M',
  margin: 2,
  color: { dark: '#000000', light: '#ffffff' },
} as const satisfies QRCodeToStringOptions;

/** An SVG document as an <img> source; the CSP allows data: images, and no markup is injected. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The SVG back out of a data URL made by `svgDataUrl` (tests). */
export function svgFromDataUrl(url: string): string | null {
  const prefix = 'data:image/svg+xml;charset=utf-8,';
  return url.startsWith(prefix) ? decodeURIComponent(url.slice(prefix.length)) : null;
}

export async function qrSvg(text: string): Promise<string> {
  return renderQr(text, QR_OPTIONS);
}

export async function posterQrDataUrl(origin: string, token: string): Promise<string> {
  return svgDataUrl(await qrSvg(posterUrl(origin, token)));
}
