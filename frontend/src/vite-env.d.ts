/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The Discord invitation the /discord page sends the browser to (build-time setting). */
  readonly VITE_DISCORD_URL?: string;
  /** The Telegram group the /telegram page sends the browser to (build-time setting). */
  readonly VITE_TELEGRAM_URL?: string;
}
