#!/usr/bin/env bash
# No line of Rust or TypeScript source over 120 characters (rustfmt and Prettier wrap code; this catches the
# strings, comments and attributes they leave alone).
set -euo pipefail
cd "$(dirname "$0")/.."
long=$(git ls-files -co --exclude-standard -- '*.rs' '*.ts' '*.tsx' \
  | xargs -d '\n' perl -CSD -ne 'chomp; printf "%s:%d: %d characters\n", $ARGV, $., length if length > 120;
                                 close ARGV if eof')
if [ -n "$long" ]; then
  echo "lines of Rust or TypeScript over 120 characters:"
  echo "$long"
  exit 1
fi
