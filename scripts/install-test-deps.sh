#!/usr/bin/env bash
# Installs what the tests need beyond npm packages: Debian's Chromium for the browser tests
# (Playwright cannot download its own browser here). Skipped when a Chromium is already present.
set -euo pipefail

if [ -n "${CHROME_PATH:-}" ] && [ -x "$CHROME_PATH" ]; then exit 0; fi
if command -v chromium >/dev/null 2>&1; then exit 0; fi

if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing. Install it with: sudo apt-get install -y chromium (or set CHROME_PATH)" >&2
  exit 1
fi
echo "Installing Chromium from Debian…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
