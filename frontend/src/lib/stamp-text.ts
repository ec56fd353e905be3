import { api } from '@/lib/api';

/** Whether a stamp's file is plain text, shown as its text rather than as an image. */
export function isTextMimetype(mimetype: string | null | undefined): boolean {
  return (mimetype ?? '').toLowerCase().split(';')[0]?.trim() === 'text/plain';
}

/** How much of a text a card shows; the card clips it further to its box. */
export const CARD_TEXT_CHARS = 400;

/** The start of a text for a card: at most `CARD_TEXT_CHARS` characters, an ellipsis when cut. */
export function cardText(text: string): string {
  const chars = Array.from(text);
  return chars.length > CARD_TEXT_CHARS ? `${chars.slice(0, CARD_TEXT_CHARS).join('')}…` : text;
}

const stampTextApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A text stamp's file (`/s/{cpid}`, outside `/api`) as text; kept like every answer, once per URL. */
    getStampText: build.query<string, string>({
      query: (url) => ({ url: new URL(url, window.location.origin).href, responseHandler: 'text' }),
    }),
  }),
});

export const { useGetStampTextQuery } = stampTextApi;
