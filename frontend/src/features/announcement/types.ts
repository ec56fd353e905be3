/** The staff announcement shown above the header (Stamps site only). */
export type Announcement = {
  content: string;
  /** A site path or an http(s) URL, shown as a 'More info' link. */
  moreLink: string | null;
  /** An image URL. */
  logo: string | null;
};
