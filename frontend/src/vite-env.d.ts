/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The Discord invitation the /discord page sends the browser to (build-time setting). */
  readonly VITE_DISCORD_URL?: string;
  /** The Telegram group the /telegram page sends the browser to (build-time setting). */
  readonly VITE_TELEGRAM_URL?: string;
  /** The community's social account (an https URL), linked by the footer and the error pages (build-time setting). */
  readonly VITE_SOCIAL_URL?: string;
  /**
   * The host of the static assets such as the goose data script, e.g. https://assets.example (build-time setting);
   * the site's own origin when unset.
   */
  readonly VITE_ASSETS_URL?: string;
  /** The block explorer's transaction page, the txid appended, e.g. https://mempool.space/tx/ (build-time setting). */
  readonly VITE_EXPLORER_TX_URL?: string;
}
